import { readFile, rename, stat, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { type FileLock, realFilePath, syncDirectory, temporaryOf } from '@session-library/internal/node'
import { libraryLogs } from '@session-library/schemas'
import type { LiveLibrary } from '../../mock-core.js'
import type { PendingImport } from '../../runtime/imports.js'
import type { LibraryChange, LibrarySnapshot } from '../../store/records.js'
import { ChangeLogWriter, DurableRecords, readChangeLog, replayChanges } from './change-log.js'
import { causeOf, DataFileError, loadDataFile, lockDataFile, notSaved, writeDataFile } from './data-file.js'
import { ImportLogFile } from './import-log.js'

/** When a `--data` file's change log is folded into a fresh library file. */
export interface Compaction {
  /** After this long without a change. Default 1,000 ms. */
  afterIdleMs?: number
  /** As soon as the log holds this many bytes. Default 8 MiB. */
  afterLogBytes?: number
}

/** The longest wait before a failed fold is tried again. */
const MAX_RETRY_MS = 60_000

/**
 * A `--data` file, its change logs and their folds (D19; the README's "What is on disk"). A fold
 * renames the log to `<file>.log.1` first, so writes go on while the file is written.
 */
export class DataStore {
  readonly #path: string
  readonly #lock: FileLock
  readonly #options: Required<Compaction>
  readonly #warn: (message: string) => void
  #log: ChangeLogWriter
  readonly imports: ImportLogFile
  #live: LiveLibrary | undefined
  #durable: DurableRecords | undefined
  #fold: Promise<void> | undefined
  /** `<file>.log.1` exists: a fold failed, and the next one must cover it. */
  #older = false
  #failures = 0
  #retryAt = 0
  #idle: NodeJS.Timeout | undefined
  #retry: NodeJS.Timeout | undefined
  #closed = false

  private constructor(
    path: string,
    lock: FileLock,
    log: ChangeLogWriter,
    imports: ImportLogFile,
    options: Compaction,
    warn: (message: string) => void,
  ) {
    this.#path = path
    this.#lock = lock
    this.#log = log
    this.imports = imports
    this.#options = {
      afterIdleMs: options.afterIdleMs ?? 1_000,
      afterLogBytes: options.afterLogBytes ?? 8 * 1024 * 1024,
    }
    this.#warn = warn
  }

  /** Locks the file, reads it and replays its logs; {@link DataFileError} (lock released) when unusable. */
  static async open(
    given: string,
    options: Compaction,
    warn: (message: string) => void,
  ): Promise<{ store: DataStore; library: LibrarySnapshot | undefined; imports: PendingImport[]; lost: string[] }> {
    const path = await realFilePath(given).catch((error: NodeJS.ErrnoException) => {
      throw new DataFileError(given, `cannot be locked (${error.code ?? 'error'}: its folder cannot be resolved)`)
    })
    const lock = await lockDataFile(path)
    try {
      // Left by a crash in the middle of a fold or a clone; the lock says no one writes it now.
      await unlink(temporaryOf(path)).catch(() => undefined)
      const links = (await stat(path).catch(() => undefined))?.nlink ?? 1
      if (links > 1)
        warn(
          `--data ${path}: the file has ${links} hard links; a fold replaces the file, so the other names keep its old content: link it with a symbolic link instead`,
        )
      const snapshot = await loadDataFile(path)
      const { older, newer, imports: importsPath } = libraryLogs(path)
      const logs = [
        { path: older, changes: await readChangeLog(older, warn) },
        { path: newer, changes: await readChangeLog(newer, warn) },
      ]
      if (!snapshot && logs.some((log) => log.changes.length > 0)) {
        throw new DataFileError(
          path,
          `does not exist, but its change log does: restore the file, or remove ${newer} to start anew`,
        )
      }
      const library = snapshot && replayChanges(snapshot, logs)
      const merged = await mergeLogs(older, newer)
      const { log: imports, pending, lost } = await ImportLogFile.open(importsPath, warn)
      const store = new DataStore(path, lock, await ChangeLogWriter.open(newer), imports, options, warn)
      store.#older = !merged
      if (library) store.#durable = new DurableRecords(library)
      return { store, library, imports: pending, lost }
    } catch (error) {
      await lock.release()
      throw error
    }
  }

  attach(live: LiveLibrary): void {
    this.#live = live
    // Two logs left as they are (no room to merge them): the first fold covers both.
    if (this.#older) this.#idle = setTimeout(() => this.#whenIdle(), this.#options.afterIdleMs).unref()
  }

  /** Writes the file for the first time, from the attached library. */
  async create(): Promise<void> {
    const image = this.#image()
    await writeDataFile(this.#path, image).catch((error: NodeJS.ErrnoException) => {
      throw new DataFileError(this.#path, `cannot be created (${error.code ?? 'error'})`)
    })
    this.#durable = new DurableRecords(image)
    await this.#follow()
  }

  /** Appends one change under the mock's mutex; one that cannot be made durable is undone and a 503 (D19). */
  readonly record = async (change: LibraryChange): Promise<void> => {
    try {
      await this.#log.append(change)
    } catch (error) {
      if (this.#durable) this.#live?.restore(this.#durable.undoOf(change))
      throw notSaved('change', libraryLogs(this.#path).newer, error, 'changed')
    }
    this.#durable?.commit(change)
    clearTimeout(this.#idle)
    if (this.#log.bytes >= this.#options.afterLogBytes) await this.#rotate()
    else this.#idle = setTimeout(() => this.#whenIdle(), this.#options.afterIdleMs).unref()
  }

  /** Folds the log into the file, removes it (unless the fold failed) and releases the lock. */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#idle)
    clearTimeout(this.#retry)
    try {
      await (this.#live as LiveLibrary).exclusive(async () => {
        await this.#rotate(true)
        await this.#fold
      })
      await this.#log.close()
      await this.imports.close()
      // A fold that failed even now lost nothing: the logs hold every change, and the next start replays them.
      if (this.#log.bytes === 0 && !this.#older) await unlink(libraryLogs(this.#path).newer).catch(() => undefined)
    } finally {
      await this.#lock.release()
    }
  }

  #image(): LibrarySnapshot {
    if (!this.#live) throw new Error('the data store is not attached to a library')
    return this.#live.image()
  }

  #whenIdle(force = false): void {
    if (this.#closed) return
    ;(this.#live as LiveLibrary)
      .exclusive(() => this.#rotate(force))
      .catch((error) => this.#warn(`--data ${this.#path}: ${error}`))
  }

  /**
   * Under the mutex: the log becomes `.log.1` (unless a failed fold left one) and the file is written
   * in the background. Never rejects; waits out the back-off after a failure unless `force`d.
   */
  async #rotate(force = false): Promise<void> {
    await this.#fold
    if (this.#log.bytes === 0 && !this.#older) return
    if (!force && Date.now() < this.#retryAt) return
    const image = this.#image()
    try {
      if (!this.#older) await this.#detachLog()
    } catch (error) {
      this.#failed(error)
      return
    }
    this.#older = true
    this.#fold = this.#write(image).finally(() => {
      this.#fold = undefined
    })
  }

  /** `.log` becomes `.log.1` and a new `.log` opens; a failure changes nothing. */
  async #detachLog(): Promise<void> {
    const { older, newer } = libraryLogs(this.#path)
    await rename(newer, older)
    const fresh = await ChangeLogWriter.open(newer).catch(async (error) => {
      await rename(older, newer)
      throw error
    })
    const previous = this.#log
    this.#log = fresh
    await previous.close().catch(() => undefined)
  }

  async #write(image: LibrarySnapshot): Promise<void> {
    try {
      await writeDataFile(this.#path, image)
      await this.#follow()
      await unlink(libraryLogs(this.#path).older).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
      this.#older = false
      this.#failures = 0
      this.#retryAt = 0
    } catch (error) {
      this.#failed(error)
    }
  }

  /** The file at the path is a new inode: the lock moves to it. */
  async #follow(): Promise<void> {
    await this.#lock
      .follow()
      .catch((error) => this.#warn(`--data ${this.#path}: the lock could not follow the file (${causeOf(error)})`))
  }

  /** A fold failed: reported on stderr and as health's `lastError`, and tried again after a back-off. */
  #failed(error: unknown): void {
    this.#failures += 1
    const delay = Math.min(this.#options.afterIdleMs * 2 ** this.#failures, MAX_RETRY_MS)
    this.#retryAt = Date.now() + delay
    const message = `--data ${this.#path}: could not fold the change log into the file (${causeOf(error)}); the log keeps every change, and ${this.#closed ? 'the next start replays it' : `the fold is tried again in ${delay} ms`}`
    this.#warn(message)
    this.#live?.reportError(message)
    if (this.#closed) return
    clearTimeout(this.#retry)
    this.#retry = setTimeout(() => this.#whenIdle(true), delay).unref()
  }
}

/**
 * Appends `newer` to `older`, then renames it to `newer`; `false` when the append failed (both stay,
 * the first fold covers them). A crash between repeats lines, harmlessly.
 */
async function mergeLogs(older: string, newer: string): Promise<boolean> {
  if (!(await stat(older).catch(() => undefined))) return true
  const rest = await readFile(newer).catch(() => Buffer.alloc(0))
  const log = await ChangeLogWriter.open(older)
  try {
    await log.append(rest)
  } catch {
    return false
  } finally {
    await log.close()
  }
  await rename(older, newer)
  await syncDirectory(dirname(newer))
  return true
}
