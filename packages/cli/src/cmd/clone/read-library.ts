import { isRecord } from '@session-library/schemas'
import { DEFAULT_PAGE_SIZE, walkPages } from '@session-library/sdk'
import { CliError, EXIT } from '../../cmdutil/errors.js'
import { dataOf, type Probed, probe, requestOf } from '../../probe/probe.js'
import type { Target } from '../../probe/target.js'
import { type LibraryFile, toStoredLane, toStoredSession, toStoredWaveform } from './stored-records.js'

type Row = Record<string, unknown>
type Stored = LibraryFile['sessions'][number]

/** What a clone read, and what it had to change or leave out so that the mock can hold it. */
export interface ClonedLibrary {
  readonly sessions: LibraryFile['sessions']
  readonly lanes: LibraryFile['lanes']
  readonly waveforms: NonNullable<LibraryFile['waveforms']>
  /** Values the mock would refuse, replaced by their defaults (`ses_1.kind: "" → "other"`). */
  readonly changed: string[]
  /** What could not be read or stored (a waveform that timed out, peaks outside [0, 1]). */
  readonly skipped: string[]
}

interface CloneOptions {
  /** Called once the number of sessions is known. */
  readonly onTotal?: (total: number) => void
  /** Called after each session (its waveforms and lanes included). */
  readonly onSession?: () => void
}

const PARALLEL = 4

function refused(probed: Probed): CliError {
  if (probed.failure) return new CliError(probed.failure, EXIT.network)
  const detail = probed.departures[0]?.detail ?? 'an answer that is not a list of sessions'
  return new CliError(`${probed.request}: ${probed.status} ${detail}`, EXIT.api)
}

// The SDK's page walk over raw reads (a clone sees each answer as sent, before any validation).
async function allSessions(target: Target): Promise<Row[]> {
  const read = async (offset: number) => {
    const query = `sort=title&limit=${DEFAULT_PAGE_SIZE}&offset=${offset}`
    const page = await probe(target, requestOf('sessions.list', '', { query }))
    const data = dataOf(page)
    if (page.status !== 200 || !Array.isArray(data)) throw refused(page)
    const meta = isRecord(page.body) && isRecord(page.body.meta) ? page.body.meta : {}
    const url = `${target.baseUrl}/sessions?${query}`
    const request = { operation: 'sessions.list', method: 'GET', path: new URL(url).pathname, url } as const
    return { data: data.filter(isRecord), total: meta.total, request }
  }
  const rows: Row[] = []
  for await (const row of walkPages(read, { noun: 'sessions' })) rows.push(row as Row)
  return rows
}

/** Reads the waveform (and, where the server can read it, the note lane) of each preview of a session. */
function variantReader(target: Target, result: ClonedLibrary) {
  let lanesReadable: boolean | undefined
  return async (session: Stored) => {
    for (const preview of session.previews) {
      const request = requestOf('waveform.get', session.id, { query: `variantId=${encodeURIComponent(preview.id)}` })
      const answered = await probe(target, request)
      const stored = answered.status === 200 ? toStoredWaveform(dataOf(answered)) : undefined
      if (!stored) {
        const why = answered.status ?? answered.departures[0]?.detail
        result.skipped.push(`${session.id} ${preview.id}: waveform (${why})`)
        continue
      }
      result.waveforms.push(stored)
      if (lanesReadable === false) continue
      // SPEC has no read of waveform notes (the mock answers 404); a real application may have one.
      const lane = await probe(target, { ...request, operation: undefined, path: `${request.path}-notes` })
      lanesReadable = lane.status === 200
      const kept = lanesReadable ? toStoredLane(dataOf(lane), stored.waveform.key) : undefined
      if (kept && kept.notes.length > 0) result.lanes.push(kept)
    }
  }
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker))
}

/** Reads a server's whole library (see `clone`) into records the mock can store; four sessions at a time. */
export async function readLibrary(target: Target, options: CloneOptions = {}): Promise<ClonedLibrary> {
  const result: ClonedLibrary = { sessions: [], lanes: [], waveforms: [], changed: [], skipped: [] }
  const rows = await allSessions(target)
  options.onTotal?.(rows.length)
  const readVariants = variantReader(target, result)
  await inParallel(rows, async (row) => {
    const { stored, changed } = toStoredSession(row)
    ;(stored ? result.changed : result.skipped).push(...changed)
    if (stored) {
      result.sessions.push(stored)
      await readVariants(stored)
    }
    options.onSession?.()
  })
  return result
}
