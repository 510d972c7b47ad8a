import { open, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { formatIssues, librarySnapshot } from '@session-library/schemas'
import type { LibrarySnapshot } from '../types.js'

/**
 * A `--data` file that cannot be used: it does not parse, does not match the library format, or
 * cannot be read. The standalone mock stops with its message and exit code 2; the file is left as it is.
 *
 * @example
 * ```ts
 * try { await loadDataFile('library.json') } catch (error) { if (error instanceof DataFileError) process.exitCode = 2 }
 * ```
 */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`--data ${path}: ${problem}`)
    this.name = 'DataFileError'
  }
}

function duplicateId(snapshot: LibrarySnapshot): string | undefined {
  const seen = new Set<string>()
  return snapshot.sessions.find(({ id }) => seen.has(id) || !seen.add(id))?.id
}

/**
 * Reads and validates a `--data` file against the contract's `librarySnapshot` schema. Resolves
 * `undefined` when the file does not exist yet; throws {@link DataFileError} for anything else
 * that keeps it from being used.
 *
 * @example
 * ```ts
 * const library = await loadDataFile('library.json') // LibrarySnapshot | undefined
 * ```
 */
export async function loadDataFile(path: string): Promise<LibrarySnapshot | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new DataFileError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new DataFileError(path, `is not valid JSON (${(error as Error).message})`)
  }
  const parsed = librarySnapshot.safeParse(json)
  if (!parsed.success) throw new DataFileError(path, `is not a library file: ${formatIssues(parsed.error.issues)}`)
  const snapshot = parsed.data as LibrarySnapshot
  const duplicate = duplicateId(snapshot)
  if (duplicate !== undefined)
    throw new DataFileError(path, `is not a library file: sessions: id ${duplicate} is repeated`)
  return snapshot
}

let temporaryCount = 0

async function writeAtomically(path: string, text: string): Promise<void> {
  const directory = dirname(path)
  // Same directory as the target, so that the rename stays on one file system and is atomic.
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${++temporaryCount}.tmp`)
  try {
    const file = await open(temporary, 'wx')
    try {
      await file.writeFile(text)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncDirectory(directory)
}

// Makes the rename itself durable; some platforms cannot open a directory, and lose nothing but that.
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Best effort.
  }
}

/**
 * Saves of one `--data` file.
 *
 * @example
 * ```ts
 * const file: DataFileWriter = createDataFileWriter('library.json')
 * ```
 */
export interface DataFileWriter {
  /** Writes the snapshot atomically; resolves once it is on disk. Saves run one at a time, in call order. */
  save(snapshot: LibrarySnapshot): Promise<void>
  /** Resolves when no save is under way. */
  idle(): Promise<void>
}

/**
 * Saves snapshots to a `--data` file: each one written to a temporary file in the same directory,
 * flushed to disk, then renamed over the file, so a reader (or a crash) sees the old library or
 * the new one, never a part. Saves are queued, so two renames never race and the last call wins.
 *
 * @example
 * ```ts
 * const file = createDataFileWriter('library.json')
 * const api = createMockApi({ onChange: file.save })
 * ```
 */
export function createDataFileWriter(path: string): DataFileWriter {
  let queue: Promise<void> = Promise.resolve()
  return {
    save(snapshot) {
      const text = `${JSON.stringify(snapshot, null, 2)}\n`
      const saved = queue.then(() => writeAtomically(path, text))
      queue = saved.catch(() => undefined)
      return saved
    },
    idle: () => queue,
  }
}
