import { FileHeld, type FileLock, lockFile } from '@session-library/internal/node'
import { DataFileError } from './data-file.js'

/** A held `--data` lock (see {@link lockDataFile}). */
export type DataFileLock = FileLock

/**
 * Takes the lock of a `--data` file (D19: one process a file), given its real path: the lock of
 * `@session-library/internal/node` that `session-library clone --data` takes too, on the file itself
 * (device and inode: a hard link or a bind mount is the same file), released by the kernel when the
 * process ends. Throws {@link DataFileError} naming the holder when another process has it.
 */
export async function lockDataFile(path: string): Promise<DataFileLock> {
  try {
    return await lockFile(path, `session-library-mock (process ${process.pid})`)
  } catch (error) {
    if (error instanceof FileHeld) throw new DataFileError(path, `is in use by ${error.holder}; stop it first`)
    throw new DataFileError(path, `cannot be locked (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
}
