import {
  type ImportResult,
  type importBody,
  type Kind,
  LIMITS,
  PROJECT_EXTENSIONS,
  type z,
} from '@session-library/schemas'
import type { Clock } from '../runtime/clock.js'
import { type Mutex, sleep } from '../runtime/mutex.js'
import type { Library } from '../store/library.js'
import type { StoredSession } from '../store/records.js'
import { fileParts, newSessionRecord, previewFields } from '../store/sessions.js'

/** Progress of one import, as the control surface reports it. */
export type ImportProgress = ImportResult & { createdSessionIds: string[] }

type ImportRequest = z.output<typeof importBody>
type ImportItem = ImportRequest['items'][number]

const extensions: Record<string, Kind> = PROJECT_EXTENSIONS

/**
 * Title and kind of the session an import item creates (D15): the item's title or the file name
 * without its extension; the request's kind, else the item's projectType, else the kind of the
 * file extension, else `other`. `undefined` when they break D5's rules (the item then fails).
 */
function importedFields(item: ImportItem, requestKind: Kind | undefined): { title: string; kind: Kind } | undefined {
  const [base, extension] = fileParts(item.projectPath)
  const title = (item.title ?? base).trim()
  const projectType = item.projectType === '' ? undefined : item.projectType
  const kind = requestKind ?? projectType ?? extensions[extension] ?? 'other'
  if (title.length === 0 || title.length > LIMITS.titleLength || kind.length > LIMITS.kindLength) return undefined
  return { title, kind }
}

/** The display name of an audio file: its name without the extension. */
function audioName(path: string): string {
  return fileParts(path)[0] || path
}

interface ImportDeps {
  library: Library
  clock: Clock
  mutex: Mutex
  /** Time each item takes, in ms. */
  delay: () => number
  /** Awaits `onChange` when the library moved since `revision`. */
  persist: (revision: number) => Promise<void>
  /** Told when an import starts, moves on by one item, or ends. */
  changed?: () => void
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

  /** Starts an import and returns its first progress: nothing processed yet. */
  start(request: ImportRequest): ImportProgress {
    const progress: ImportProgress = {
      importId: this.#deps.library.newId('imp'),
      total: request.items.length,
      completed: 0,
      failed: 0,
      skipped: 0,
      done: false,
      durationMs: 0,
      createdSessionIds: [],
    }
    this.#imports.push(progress)
    const run = this.#run(progress, request, this.#abort.signal).finally(() => this.#running.delete(run))
    this.#running.add(run)
    this.#deps.changed?.()
    return structuredClone(progress)
  }

  /** Copies of every import's progress, oldest first. */
  list(): ImportProgress[] {
    return structuredClone(this.#imports)
  }

  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running)
  }

  /** Stops every running import; with `forget`, also drops their progress. */
  cancel(forget = false): void {
    this.#abort.abort()
    this.#abort = new AbortController()
    if (forget) this.#imports = []
  }

  async #run(progress: ImportProgress, request: ImportRequest, signal: AbortSignal): Promise<void> {
    const started = performance.now()
    for (const item of request.items) {
      await sleep(this.#deps.delay(), signal)
      if (signal.aborted) return
      // An item that throws fails alone; the batch goes on (counted in `failed`).
      const outcome = await this.#locked(() => this.#create(item, request)).catch((): Outcome => 'failed')
      if (typeof outcome === 'string') progress[outcome] += 1
      else {
        progress.createdSessionIds.push(outcome.id)
        progress[await this.#finishPreview(outcome, signal).catch(() => 'failed' as const)] += 1
      }
      progress.durationMs = Math.round(performance.now() - started)
      this.#deps.changed?.()
    }
    progress.done = true
    this.#deps.changed?.()
  }

  /** Runs a change under the mutex and persists it before the next request sees the library. */
  #locked<T>(change: () => Promise<T>): Promise<T> {
    return this.#deps.mutex.run(async () => {
      const revision = this.#deps.library.revision
      try {
        return await change()
      } finally {
        await this.#deps.persist(revision)
      }
    })
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
        name: audioName(item.previewAudioPath),
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
    return this.#locked(async () => {
      if (!library.sessions.has(record.id)) return 'failed'
      library.updateSession(record.id, (draft) => {
        for (const preview of draft.previews) preview.status = 'ready'
        draft.previewStatus = 'ready'
      })
      return 'completed'
    })
  }
}
