import { type ImportResult, type importBody, type Kind, LIMITS, PROJECT_EXTENSIONS } from '@session-library/schemas'
import type * as z from 'zod/mini'
import { sleep } from '../primitives/mutex.js'
import type { Library } from '../store/library.js'
import type { StoredSession } from '../store/records.js'
import { fileParts, newSessionRecord, previewFields } from '../store/sessions.js'
import type { Runtime } from './runtime.js'

/** Progress of one import, as the control surface reports it. */
export type ImportProgress = ImportResult & { createdSessionIds: string[] }

export type ImportRequest = z.output<typeof importBody>
type ImportItem = ImportRequest['items'][number]

export type ItemOutcome = { index: number; outcome: 'completed' | 'failed' | 'skipped'; sessionId?: string }

/** Where imports are made durable (D15 with D19): each call resolves once on disk; a start that cannot be is refused. */
export interface ImportLog {
  started(importId: string, request: ImportRequest): Promise<void>
  moved(importId: string, item: ItemOutcome): Promise<void>
  ended(importId: string): Promise<void>
  cleared(): Promise<void>
}

/** An import accepted before a restart and not done, with the outcomes of its items processed so far. */
export interface PendingImport {
  importId: string
  request: ImportRequest
  items: Map<number, ItemOutcome>
}

/** How long an item that could not be saved (D19) waits before it is tried again. */
const RETRY_MS = 1_000
const NOTHING_YET = { completed: 0, failed: 0, skipped: 0, done: false, durationMs: 0 }

/** Title and kind of the session an import item creates (D15); `undefined` when they break D5's rules (it fails). */
function importedFields(item: ImportItem, requestKind: Kind | undefined): { title: string; kind: Kind } | undefined {
  const [base, extension] = fileParts(item.projectPath)
  const title = (item.title ?? base).trim()
  const projectType = item.projectType === '' ? undefined : item.projectType
  const kind = requestKind ?? projectType ?? (PROJECT_EXTENSIONS as Record<string, Kind>)[extension] ?? 'other'
  if (title.length === 0 || title.length > LIMITS.titleLength || kind.length > LIMITS.kindLength) return undefined
  return { title, kind }
}

type Outcome = 'skipped' | 'failed' | Readonly<StoredSession>

/** An item fails alone for a reason of its own (D15); a change that could not be saved (D19) is none. */
function failedAlone(error: unknown): 'failed' {
  if ((error as { code?: unknown } | undefined)?.code === 'storage_unavailable') throw error
  return 'failed'
}

/**
 * Batch imports in the background (D15): the start answers before any item runs; items then run
 * one by one with a delay each, every change under the mock's mutex and persisted like a request's.
 */
export class ImportRunner {
  readonly #runtime: Runtime
  readonly #library: Library
  readonly #log: ImportLog | undefined
  #imports: ImportProgress[] = []
  #running = new Set<Promise<void>>()
  #abort = new AbortController()

  /** Imports into `library`, the runtime's until a reset or a new state replaces it. */
  constructor(runtime: Runtime, library: Library, log?: ImportLog) {
    this.#runtime = runtime
    this.#library = library
    this.#log = log
  }

  /** Starts an import and returns its first progress; with a log, once it is durable. */
  async start(request: ImportRequest): Promise<ImportProgress> {
    const importId = this.#library.newId('imp')
    await this.#log?.started(importId, request)
    return this.resume({ importId, request, items: new Map() })
  }

  /** Runs the items of an import not processed yet: a new one, or one a restart interrupted. */
  resume({ importId, request, items }: PendingImport): ImportProgress {
    const progress: ImportProgress = { importId, total: request.items.length, ...NOTHING_YET, createdSessionIds: [] }
    for (const item of items.values()) this.#count(progress, item)
    this.#imports.push(progress)
    const rest = [...request.items.keys()].filter((index) => !items.has(index))
    const run = this.#run(progress, request, rest, this.#abort.signal).finally(() => this.#running.delete(run))
    this.#running.add(run)
    this.#runtime.changes.emit()
    return structuredClone(progress)
  }

  #count(progress: ImportProgress, { outcome, sessionId }: ItemOutcome): void {
    progress[outcome] += 1
    if (sessionId !== undefined) progress.createdSessionIds.push(sessionId)
  }

  /** Records in the log, if any; a failure is reported, never fatal to the import (its sessions are durable). */
  async #logged(write: (log: ImportLog) => Promise<void>): Promise<void> {
    const log = this.#log
    if (log)
      await write(log).catch((error) => this.#runtime.journal.noteError(`import log: ${(error as Error).message}`))
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

  async #run(progress: ImportProgress, request: ImportRequest, indexes: number[], signal: AbortSignal): Promise<void> {
    const started = performance.now()
    for (const index of indexes) {
      let outcome: ItemOutcome | undefined
      for (let wait = this.#runtime.settings.importDelay; ; wait = RETRY_MS) {
        await sleep(wait, signal)
        if (signal.aborted) return
        try {
          outcome ??= await this.#processed(index, request, signal)
          // Stopped meanwhile (a close): the item runs again after the restart.
          if (signal.aborted) return
          await this.#log?.moved(progress.importId, outcome)
          break
        } catch (error) {
          // Not saved (D19): the item stays pending, tried again here and after a restart.
          this.#runtime.journal.noteError(`import ${progress.importId}: item ${index} waits for storage (${error})`)
        }
      }
      this.#count(progress, outcome)
      progress.durationMs = Math.round(performance.now() - started)
      this.#runtime.changes.emit()
    }
    await this.#logged((log) => log.ended(progress.importId))
    progress.done = true
    this.#runtime.changes.emit()
  }

  /** One item's outcome; rejects, the item not processed, when a change of it could not be saved (D19). */
  async #processed(index: number, request: ImportRequest, signal: AbortSignal): Promise<ItemOutcome> {
    const item = request.items[index] as ImportItem
    const created = await this.#runtime.runChange(() => this.#create(item, request)).catch(failedAlone)
    if (typeof created === 'string') return { index, outcome: created }
    return { index, outcome: await this.#finishPreview(created, signal).catch(failedAlone), sessionId: created.id }
  }

  async #create(item: ImportItem, request: ImportRequest): Promise<Outcome> {
    const library = this.#library
    const clock = this.#runtime.clock
    const path = item.projectPath
    if (library.knowsProjectPath(path)) {
      // Its own session, the preview left `pending` by a crash or a change not saved: finished, not skipped.
      const own = (session: Readonly<StoredSession>) =>
        session.projectPath === path &&
        session.previewStatus === 'pending' &&
        session.previews[0]?.path === item.previewAudioPath
      return (request.generatePreviews && library.sessions.all().find(own)) || 'skipped'
    }
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
    await sleep(this.#runtime.settings.importDelay, signal)
    if (signal.aborted) return 'failed'
    // A session deleted meanwhile is a 404: the item fails.
    return this.#runtime.runChange(async () => {
      this.#library.updateSession(record.id, (draft) => {
        for (const preview of draft.previews) preview.status = 'ready'
        draft.previewStatus = 'ready'
      })
      return 'completed' as const
    })
  }
}
