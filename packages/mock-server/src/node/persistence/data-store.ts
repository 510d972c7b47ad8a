import { open, readFile, rename, stat, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { LibraryChange } from '../../store/library-parts.js'
import type { LibrarySnapshot } from '../../types.js'
import { ChangeLogWriter, readChangeLog } from './change-log.js'
import { DataFileError, loadDataFile, syncDirectory, writeDataFile } from './data-file.js'
import { type DataFileLock, lockDataFile } from './data-lock.js'
import { replayChanges } from './replay.js'

/**
 * When a `--data` file's change log is folded into a fresh library file.
 *
 * @example
 * ```ts
 * const compaction: Compaction = { afterIdleMs: 1_000, afterLogBytes: 8 * 1024 * 1024 }
 * ```
 */
export interface Compaction {
  /** After this long without a change. Default 1,000 ms. */
  afterIdleMs?: number
  /** As soon as the log holds this many bytes. Default 8 MiB. */
  afterLogBytes?: number
}

/** What the store needs of the running mock: its library, and its mutex to take it at one moment. */
export interface LiveLibrary {
  image(): LibrarySnapshot
  exclusive<T>(work: () => Promise<T>): Promise<T>
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * A `--data` file and the change log beside it (`<file>.log`): every change appended as one line
 * and flushed to disk before its answer; the log folded into a fresh file (written atomically) when
 * it passes a bound, when the mock has been idle a moment, and on close. A fold renames the log to
 * `<file>.log.1` first and appends to a new one, so writes go on while the file is written; a start
 * replays `<file>.log.1` then `<file>.log` over the file. Replaying is idempotent (each line holds
 * whole records and deleted keys), so a crash at any step of a fold loses nothing. The file is
 * locked (`<file>.lock`) while the store is open.
 *
 * @example
 * ```ts
 * const { store, library } = await DataStore.open('library.json', {}, console.warn)
 * ```
 */
export class DataStore {
  readonly #path: string
  readonly #lock: DataFileLock
  readonly #options: Required<Compaction>
  readonly #warn: (message: string) => void
  #log: ChangeLogWriter
  #live: LiveLibrary | undefined
  #fold: Promise<void> | undefined
  #failure: unknown
  #idle: NodeJS.Timeout | undefined

  private constructor(
    path: string,
    lock: DataFileLock,
    log: ChangeLogWriter,
    options: Compaction,
    warn: (message: string) => void,
  ) {
    this.#path = path
    this.#lock = lock
    this.#log = log
    this.#options = {
      afterIdleMs: options.afterIdleMs ?? 1_000,
      afterLogBytes: options.afterLogBytes ?? 8 * 1024 * 1024,
    }
    this.#warn = warn
  }

  /**
   * Locks the file, reads it and replays its change log: the library it holds, or `undefined`
   * when the file does not exist yet. Throws {@link DataFileError} (lock released, nothing
   * written) when the file or a line of its log cannot be used.
   */
  static async open(
    path: string,
    options: Compaction,
    warn: (message: string) => void,
  ): Promise<{ store: DataStore; library: LibrarySnapshot | undefined }> {
    const lock = await lockDataFile(path)
    try {
      const snapshot = await loadDataFile(path)
      const [older, newer] = [`${path}.log.1`, `${path}.log`]
      const logs = [
        { path: older, ...(await readChangeLog(older, warn)) },
        { path: newer, ...(await readChangeLog(newer, warn)) },
      ]
      if (!snapshot && logs.some((log) => log.changes.length > 0)) {
        throw new DataFileError(
          path,
          `does not exist, but its change log does: restore the file, or remove ${newer} to start anew`,
        )
      }
      const library = snapshot && replayChanges(snapshot, logs)
      await mergeLogs(older, newer)
      return { store: new DataStore(path, lock, await ChangeLogWriter.open(newer), options, warn), library }
    } catch (error) {
      await lock.release()
      throw error
    }
  }

  /** Binds the store to the running mock's library. */
  attach(live: LiveLibrary): void {
    this.#live = live
  }

  /** Writes the file for the first time, from the attached library (a file that did not exist). */
  async create(): Promise<void> {
    try {
      await writeDataFile(this.#path, this.#image())
    } catch (error) {
      throw new DataFileError(this.#path, `cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
  }

  /** Appends one change, durable when it resolves; called under the mock's mutex (its `onChanges`). */
  readonly record = async (change: LibraryChange): Promise<void> => {
    await this.#log.append(change)
    clearTimeout(this.#idle)
    if (this.#log.bytes >= this.#options.afterLogBytes) await this.#rotate()
    else this.#idle = setTimeout(() => this.#whenIdle(), this.#options.afterIdleMs).unref()
  }

  /** Folds the log into the file, waits for it, removes the log and releases the lock. */
  async close(): Promise<void> {
    clearTimeout(this.#idle)
    try {
      await (this.#live as LiveLibrary).exclusive(async () => {
        await this.#rotate()
        await this.#fold
      })
      await this.#log.close()
      if (this.#failure !== undefined) throw this.#failure
      if (this.#log.bytes === 0) await unlink(`${this.#path}.log`).catch(() => undefined)
    } finally {
      await this.#lock.release()
    }
  }

  #image(): LibrarySnapshot {
    if (!this.#live) throw new Error('the data store is not attached to a library')
    return this.#live.image()
  }

  #whenIdle(): void {
    ;(this.#live as LiveLibrary)
      .exclusive(() => this.#rotate())
      .catch((error) => this.#warn(`--data ${this.#path}: ${error}`))
  }

  /** Under the mutex: the log becomes `.log.1`, a new log opens, the file is written in the background. */
  async #rotate(): Promise<void> {
    await this.#fold
    if (this.#log.bytes === 0) return
    const [older, newer] = [`${this.#path}.log.1`, `${this.#path}.log`]
    const image = this.#image()
    await this.#log.close()
    // A fold that failed left `.log.1`: this log joins it, and the next fold covers both.
    if (await exists(older)) await mergeLogs(older, newer)
    await rename(newer, older)
    this.#log = await ChangeLogWriter.open(newer)
    this.#failure = undefined
    this.#fold = this.#write(image, older).finally(() => {
      this.#fold = undefined
    })
  }

  async #write(image: LibrarySnapshot, older: string): Promise<void> {
    try {
      await writeDataFile(this.#path, image)
      await unlink(older)
    } catch (error) {
      this.#failure = error
      this.#warn(
        `--data ${this.#path}: could not fold the change log into the file (${error}); it is kept and replayed on start`,
      )
    }
  }
}

/** Appends `newer` to `older`, then renames it to `newer`: one log again. A crash between repeats lines, harmlessly. */
async function mergeLogs(older: string, newer: string): Promise<void> {
  if (!(await exists(older))) return
  const rest = await readFile(newer).catch(() => Buffer.alloc(0))
  const file = await open(older, 'a')
  try {
    await file.write(rest)
    await file.datasync()
  } finally {
    await file.close()
  }
  await rename(older, newer)
  await syncDirectory(dirname(newer))
}
