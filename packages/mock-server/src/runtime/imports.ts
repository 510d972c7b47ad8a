import { type ImportResult, type importBody, type Kind, LIMITS, PROJECT_EXTENSIONS } from '@session-library/schemas'
import type * as z from 'zod/mini'
import type { Clock } from '../primitives/clock.js'
import { sleep } from '../primitives/mutex.js'
import type { Library } from '../store/library.js'
import type { StoredSession } from '../store/records.js'
import { fileParts, newSessionRecord, previewFields } from '../store/sessions.js'

/** Progress of one import, as the control surface reports it. */
export type ImportProgress = ImportResult & { createdSessionIds: string[] }

export type ImportRequest = z.output<typeof importBody>
type ImportItem = ImportRequest['items'][number]

export type ItemOutcome = { outcome: 'completed' | 'failed' | 'skipped'; sessionId?: string }

/** Where imports are made durable (D15 with D19): each call resolves once on disk; a start that cannot be is refused. */
export interface ImportLog {
  started(importId: string, request: ImportRequest): Promise<void>
  moved(importId: string, item: ItemOutcome): Promise<void>
  ended(importId: string): Promise<void>
  cleared(): Promise<void>
}

/** An import accepted before a restart and not done, with its items' outcomes so far. */
export interface PendingImport {
  importId: string
  request: ImportRequest
  items: ItemOutcome[]
}

const extensions: Record<string, Kind> = PROJECT_EXTENSIONS

/** Title and kind of the session an import item creates (D15); `undefined` when they break D5's rules (it fails). */
function importedFields(item: ImportItem, requestKind: Kind | undefined): { title: string; kind: Kind } | undefined {
  const [base, extension] = fileParts(item.projectPath)
  const title = (item.title ?? base).trim()
  const projectType = item.projectType === '' ? undefined : item.projectType
  const kind = requestKind ?? projectType ?? extensions[extension] ?? 'other'
  if (title.length === 0 || title.length > LIMITS.titleLength || kind.length > LIMITS.kindLength) return undefined
  return { title, kind }
}

interface ImportDeps {
  library: Library
  clock: Clock
  runChange: <T>(work: () => Promise<T>) => Promise<T>
  delay: () => number
  changed: () => void
  log?: ImportLog
  reportError: (message: string) => void
}

type Outcome = 'skipped' | 'failed' | Readonly<StoredSession>

/**
 * Batch imports in the background (D15): the start answers before any item runs; items then run
 * one by one with a delay each, every change under the mock's mutex and persisted like a request's.
 */
export class ImportRunner {
  readonly #deps: ImportDeps
  #imports: ImportProgress[] = []
  #running = new Set<Promise<void>>()
  #abort = new AbortController()

  constructor(deps: ImportDeps) {
    this.#deps = deps
  }

  /** Starts an import and returns its first progress; with a log, once it is durable. */
  async start(request: ImportRequest): Promise<ImportProgress> {
    const importId = this.#deps.library.newId('imp')
    await this.#deps.log?.started(importId, request)
    return this.resume({ importId, request, items: [] })
  }

  /** Runs an import from its first item not processed: a new one, or one a restart interrupted. */
  resume({ importId, request, items }: PendingImport): ImportProgress {
    const progress: ImportProgress = {
      importId,
      total: request.items.length,
      completed: 0,
      failed: 0,
      skipped: 0,
      done: false,
      durationMs: 0,
      createdSessionIds: [],
    }
    for (const item of items) this.#count(progress, item)
    this.#imports.push(progress)
    const rest = request.items.slice(items.length)
    const run = this.#run(progress, { ...request, items: rest }, this.#abort.signal).finally(() =>
      this.#running.delete(run),
    )
    this.#running.add(run)
    this.#deps.changed()
    return structuredClone(progress)
  }

  #count(progress: ImportProgress, { outcome, sessionId }: ItemOutcome): void {
    progress[outcome] += 1
    if (sessionId !== undefined) progress.createdSessionIds.push(sessionId)
  }

  /** Records in the log, if any; a failure is reported, never fatal to the import (its sessions are durable). */
  async #logged(write: (log: ImportLog) => Promise<void>): Promise<void> {
    const log = this.#deps.log
    if (log) await write(log).catch((error) => this.#deps.reportError(`import log: ${(error as Error).message}`))
  }

  list(): ImportProgress[] {
    return structuredClone(this.#imports)
  }

  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running)
  }

  /** Stops every running import (a log keeps them); with `forget`, drops their progress, from the log too. */
  cancel(forget = false): Promise<void> {
    this.#abort.abort()
    this.#abort = new AbortController()
    if (!forget) return Promise.resolve()
    this.#imports = []
    return this.#logged((log) => log.cleared())
  }

  async #run(progress: ImportProgress, request: ImportRequest, signal: AbortSignal): Promise<void> {
    const started = performance.now()
    for (const item of request.items) {
      await sleep(this.#deps.delay(), signal)
      if (signal.aborted) return
      // An item that throws fails alone; the batch goes on (counted in `failed`).
      const created = await this.#deps.runChange(() => this.#create(item, request)).catch((): Outcome => 'failed')
      const outcome: ItemOutcome =
        typeof created === 'string'
          ? { outcome: created }
          : {
              outcome: await this.#finishPreview(created, signal).catch(() => 'failed' as const),
              sessionId: created.id,
            }
      // Stopped meanwhile (a close): the item runs again after the restart, and is skipped then.
      if (signal.aborted) return
      await this.#logged((log) => log.moved(progress.importId, outcome))
      this.#count(progress, outcome)
      progress.durationMs = Math.round(performance.now() - started)
      this.#deps.changed()
    }
    await this.#logged((log) => log.ended(progress.importId))
    progress.done = true
    this.#deps.changed()
  }

  async #create(item: ImportItem, request: ImportRequest): Promise<Outcome> {
    const { library, clock } = this.#deps
    const path = item.projectPath
    if (library.knowsProjectPath(path)) return 'skipped'
    const fields = importedFields(item, request.kind)
    if (!fields) return 'failed'
    const record = newSessionRecord(library.newId('ses'), clock.iso(), { ...fields, projectPath: path })
    if (request.generatePreviews && item.previewAudioPath) {
      const preview = {
        id: library.newId('pv'),
        name: fileParts(item.previewAudioPath)[0] || item.previewAudioPath,
        path: item.previewAudioPath,
        status: 'pending',
      }
      Object.assign(record, { previews: [preview] }, previewFields(preview))
    }
    return library.sessions.insert(record)
  }

  /** A generated preview is `pending` at first and `ready` one item delay later. */
  async #finishPreview(record: Readonly<StoredSession>, signal: AbortSignal): Promise<'completed' | 'failed'> {
    if (record.previews.length === 0) return 'completed'
    await sleep(this.#deps.delay(), signal)
    if (signal.aborted) return 'failed'
    const { library } = this.#deps
    return this.#deps.runChange(async () => {
      if (!library.sessions.has(record.id)) return 'failed'
      library.updateSession(record.id, (draft) => {
        for (const preview of draft.previews) preview.status = 'ready'
        draft.previewStatus = 'ready'
      })
      return 'completed'
    })
  }
}
