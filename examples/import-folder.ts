// Usage: pnpm example import-folder <folder> [--kind <kind>] [--previews] [--interval <ms>] [--timeout <seconds>]
// Imports every DAW project under a folder (.als, .logicx, .flp, …) and shows progress until the new sessions appear.
import { relative, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ImportProgress } from '@session-library/mock-server'
import { LIMITS, PROJECT_EXTENSIONS } from '@session-library/schemas'
import type { Session } from '@session-library/sdk'
import { runScript, wholeNumber } from './lib/cli.js'
import { type Connection, connect } from './lib/client.js'
import { ScriptError, UsageError } from './lib/failures.js'
import { plural } from './lib/format.js'
import { readMockControl } from './lib/mock-control.js'
import { findProjects, type ProjectFile } from './lib/projects.js'

interface Watch {
  connection: Connection
  controlSurface: boolean
  folder: string
  importIds: string[]
  pending: Map<string, ProjectFile>
  intervalMs: number
  deadline: number
}

// The server skips a project whose path a session already has, as its path or its original one (D15).
const pathsOf = (session: Session) => [session.projectPath, session.projectOriginalPath]

const batches = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size))

function progressLine(progress: readonly ImportProgress[]): string {
  const sum = (key: 'total' | 'completed' | 'failed' | 'skipped') => progress.reduce((n, item) => n + item[key], 0)
  const processed = sum('completed') + sum('failed') + sum('skipped')
  return `  server: ${processed}/${sum('total')} items processed (${sum('failed')} failed, ${sum('skipped')} skipped)`
}

// The pending projects that a session now has the path of, in the order of the folder listing.
function arrived(sessions: readonly Session[], pending: ReadonlyMap<string, ProjectFile>): [string, Session][] {
  const byPath = new Map(sessions.flatMap((session) => pathsOf(session).map((path) => [path, session] as const)))
  return [...pending.keys()].flatMap((path) => {
    const session = byPath.get(path)
    return session === undefined ? [] : [[path, session] as [string, Session]]
  })
}

// SPEC has no progress endpoint, so the truth is the session list: a project is imported when a
// session with its path appears. Where the mock's control surface answers, its import progress is
// shown too, and it tells when the server has finished (so a project that failed ends the wait).
async function watch(options: Watch): Promise<number> {
  const { connection, folder, importIds, pending, intervalMs, deadline } = options
  const total = pending.size
  let { controlSurface } = options
  let lastLine = ''
  while (pending.size > 0) {
    // Progress first, the list second: when the progress says done, the list that follows is complete.
    const progress = controlSurface ? await readMockControl<ImportProgress[]>(connection, '/imports') : undefined
    controlSurface = progress !== undefined
    const ours = progress?.filter((item) => importIds.includes(item.importId)) ?? []
    const line = ours.length > 0 ? progressLine(ours) : lastLine
    if (line !== lastLine) console.log(line)
    lastLine = line
    for (const [path, session] of arrived(await connection.client.sessions.all(), pending)) {
      pending.delete(path)
      const where = relative(folder, path)
      console.log(`  [${total - pending.size}/${total}] ${session.title} (${session.kind}, ${session.id}) ← ${where}`)
    }
    if (ours.length === importIds.length && ours.every((item) => item.done)) break
    if (pending.size > 0 && Date.now() > deadline) break
    if (pending.size > 0) await sleep(intervalMs)
  }
  return total - pending.size
}

await runScript(
  import.meta.url,
  {
    kind: { type: 'string' },
    previews: { type: 'boolean', default: false },
    interval: { type: 'string' },
    timeout: { type: 'string' },
  },
  async ({ values, positionals }) => {
    const [target, ...extra] = positionals
    if (target === undefined || extra.length > 0) throw new UsageError('Give exactly one folder to import.')
    const folder = resolve(target)
    const projects = await findProjects(folder).catch((error: NodeJS.ErrnoException) => {
      throw new ScriptError(`Cannot read ${folder}: ${error.code ?? error.message}`)
    })
    if (projects.length === 0) {
      throw new ScriptError(`No DAW project under ${folder} (looked for ${Object.keys(PROJECT_EXTENSIONS).join(' ')}).`)
    }
    const intervalMs = wholeNumber(values.interval, '--interval', 250)
    const timeoutMs = wholeNumber(values.timeout, '--timeout', 60) * 1000
    const connection = connect()
    const known = new Set((await connection.client.sessions.all()).flatMap(pathsOf))
    const fresh = projects.filter((project) => !known.has(project.path))
    console.log(
      `Found ${plural(projects.length, 'project')} under ${folder}; ${projects.length - fresh.length} already in the library.`,
    )
    if (fresh.length === 0) return console.log('Nothing to import.')

    // Asked before the import starts, so that the first look at the progress comes without delay.
    const controlSurface = (await readMockControl<ImportProgress[]>(connection, '/imports')) !== undefined
    if (!controlSurface) console.log('No progress endpoint on this server: watching the session list only.')
    const started = Date.now()
    const importIds: string[] = []
    for (const batch of batches(fresh, LIMITS.importItems)) {
      const accepted = await connection.client.imports.start({
        ...(values.kind !== undefined && { kind: values.kind }),
        generatePreviews: values.previews,
        items: batch.map(({ path, previewAudioPath }) => ({
          projectPath: path,
          ...(values.previews && previewAudioPath !== undefined && { previewAudioPath }),
        })),
      })
      importIds.push(accepted.importId)
      console.log(`Import ${accepted.importId} accepted: ${plural(accepted.total, 'item')}.`)
    }
    const pending = new Map(fresh.map((project) => [project.path, project]))
    const imported = await watch({
      connection,
      controlSurface,
      folder,
      importIds,
      pending,
      intervalMs,
      deadline: started + timeoutMs,
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`Imported ${plural(imported, 'new session')} in ${seconds}s.`)
    if (pending.size === 0) return
    for (const path of pending.keys()) console.log(`  ✗ no session for ${relative(folder, path)}`)
    throw new ScriptError(`${plural(pending.size, 'project')} did not appear in the library.`)
  },
)
