import { type FileHandle, open, readlink, realpath, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/**
 * Writes every byte of `data` at the file's position (the end, for a file opened to append): a
 * short write, as a filling disk gives, is continued, and a write that makes no progress fails with
 * ENOSPC, so that nothing is taken as written that is not.
 */
export async function writeFully(file: FileHandle, data: Uint8Array): Promise<void> {
  for (let at = 0; at < data.byteLength; ) {
    const { bytesWritten } = await file.write(data, at, data.byteLength - at)
    if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: no byte could be written'), { code: 'ENOSPC' })
    at += bytesWritten
  }
}

/**
 * Makes a rename or an unlink in `directory` durable; some platforms cannot open a directory, and
 * lose nothing but that.
 */
export async function syncDirectory(directory: string): Promise<void> {
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

/** The temporary file {@link writeAtomically} writes beside `path`: a start may remove one left by a crash. */
export const temporaryOf = (path: string) => join(dirname(path), `.${basename(path)}.tmp`)

/**
 * Replaces the file at `path` (give it with its symbolic links resolved, see {@link realFilePath},
 * so that a link stays a link and its target is written) atomically: `write` fills a temporary file
 * beside it, which is flushed to disk and renamed over it, so a reader (or a crash) sees the old
 * file or the new one, never a part. On any failure (a full disk) the temporary file is removed and
 * the file is as it was. The caller holds the file's lock, so one temporary name serves.
 */
export async function writeAtomically(path: string, write: (file: FileHandle) => Promise<void>): Promise<void> {
  const temporary = temporaryOf(path)
  try {
    const file = await open(temporary, 'w')
    try {
      await write(file)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncDirectory(dirname(path))
}

/** As many symbolic links as Linux follows in one path before ELOOP. */
const MAX_LINKS = 40

/**
 * The real path of a file, every symbolic link resolved, also when the file does not exist yet (or
 * is a link to a file that does not): every path to one file locks and writes the same file, and a
 * file renamed over the real one leaves a symlink to it a symlink.
 */
export async function realFilePath(path: string): Promise<string> {
  let current = resolve(path)
  for (let links = 0; links <= MAX_LINKS; links++) {
    try {
      return await realpath(current)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    const target = await readlink(current).catch(() => undefined)
    if (target === undefined) return join(await realpath(dirname(current)), basename(current))
    current = resolve(dirname(current), target)
  }
  throw Object.assign(new Error(`ELOOP: too many symbolic links, ${path}`), { code: 'ELOOP' })
}
