import { type FileHandle, open, readFile, readlink, realpath, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { formatIssues, type z } from '@session-library/schemas'
import { type LibrarySnapshot, libraryPartNames, libraryProblems } from '../../store/records.js'

/**
 * A `--data` file that cannot be used: it does not parse, does not match the library format, or
 * cannot be read. The standalone mock stops with its message and exit code 2; the file is left as it is.
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

/** The text of a `--data` file or its log; `undefined` when there is none. */
export async function textOf(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException
    if (code === 'ENOENT') return undefined
    throw new DataFileError(path, `cannot be read (${code ?? 'error'})`)
  }
}

/** JSON text, or the {@link DataFileError} that says where (`line 3 `) it does not parse. */
export function jsonOf(path: string, text: string, where: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new DataFileError(path, `${where}is not valid JSON (${(error as Error).message})`)
  }
}

/** JSON text checked against a schema, or the {@link DataFileError} that says where (`line 3 `) and why. */
export function parsed<T>(path: string, text: string, schema: z.ZodMiniType<T>, where: string, what: string): T {
  const checked = schema.safeParse(jsonOf(path, text, where))
  if (!checked.success) throw new DataFileError(path, `${where}is not ${what}: ${formatIssues(checked.error.issues)}`)
  return checked.data
}

/** How to go on from a file or log whose records break the contract: said with each refusal. */
export const FIX_RECORDS =
  'edit or remove those records so that each is as a write through the API would store it, or move the file and its log away to start from the seeded library'

/**
 * Reads a `--data` file and checks it against the contract: the library's shape, and each record
 * exactly as a write through the API leaves it (D5–D7). Resolves `undefined` when the file does not
 * exist yet; throws {@link DataFileError}, naming each bad record and field, for anything else that
 * keeps it from being used.
 */
export async function loadDataFile(path: string): Promise<LibrarySnapshot | undefined> {
  const text = await textOf(path)
  if (text === undefined) return undefined
  const library = jsonOf(path, text, '')
  const problems = libraryProblems(library)
  if (problems.length > 0)
    throw new DataFileError(path, `is not a library file: ${problems.join('; ')} (${FIX_RECORDS})`)
  return library as LibrarySnapshot
}

/**
 * Writes a library as a `--data` file, atomically: into a temporary file beside it, flushed to
 * disk, then renamed over it, so a reader (or a crash) sees the old library or the new one, never
 * a part. One record a line, written a slice at a time so the event loop keeps answering; the
 * image's records must not change meanwhile (stored records never change in place). The caller
 * holds the file's lock, so one temporary name serves.
 */
export async function writeDataFile(path: string, image: LibrarySnapshot): Promise<void> {
  const directory = dirname(path)
  // Same directory as the target, so that the rename stays on one file system and is atomic.
  const temporary = join(directory, `.${basename(path)}.tmp`)
  try {
    const file = await open(temporary, 'w')
    try {
      await writeSnapshotText(file, image)
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

const SLICE = 1_000

async function writeSnapshotText(file: FileHandle, image: LibrarySnapshot): Promise<void> {
  // Every byte or a failure: a short write (a full disk) must not become a renamed, cut-off file.
  const put = (text: string) => writeFully(file, Buffer.from(text))
  const { version, nextId } = image
  await put(`{"version":${version},"nextId":${nextId}`)
  for (const part of libraryPartNames) {
    const records: readonly unknown[] | undefined = image[part]
    if (records === undefined) continue
    await put(`,\n${JSON.stringify(part)}:[`)
    for (let at = 0; at < records.length; at += SLICE) {
      const text = records.slice(at, at + SLICE).map((record) => JSON.stringify(record))
      await put(`${at === 0 ? '\n' : ',\n'}${text.join(',\n')}`)
    }
    await put(']')
  }
  await put('}\n')
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

/**
 * Writes every byte of `data` at the file's position (the end, for a file opened to append): a
 * short write, as a filling disk gives, is continued, and a write that makes no progress fails,
 * so that nothing is taken as written that is not (D19).
 */
export async function writeFully(file: FileHandle, data: Uint8Array): Promise<void> {
  for (let at = 0; at < data.byteLength; ) {
    const { bytesWritten } = await file.write(data, at, data.byteLength - at)
    if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: no byte could be written'), { code: 'ENOSPC' })
    at += bytesWritten
  }
}

/** What went wrong with a file operation, in a few words: its message, which names the errno code. */
export function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** As many symbolic links as Linux follows in one path before ELOOP. */
const MAX_LINKS = 40

/**
 * The real path of a `--data` file, every symbolic link resolved, also when the file does not exist
 * yet (or is a link to a file that does not): every path to one file locks and folds the same
 * file, and a fold renamed over the real file leaves a symlink to it a symlink (D19).
 */
export async function realDataPath(path: string): Promise<string> {
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
