import { readFileSync } from 'node:fs'
import { type FileHandle, readFile, writeFile } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { nestedDeeperThan, TOO_DEEP } from '@session-library/internal'
import { FileHeld, type FileLock, lockFile, writeAtomically, writeFully } from '@session-library/internal/node'
import { formatIssues, libraryLogs } from '@session-library/schemas'
import type * as z from 'zod/mini'
import { ApiError } from '../../http/api-error.js'
import { type LibrarySnapshot, libraryPartNames, libraryProblems } from '../../store/records.js'
import { version as mockVersion } from '../../version.js'

/** A `--data` file that cannot be used; the standalone mock stops with its message (exit code 2), the file untouched. */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`--data ${path}: ${problem}`)
    this.name = 'DataFileError'
  }
}

/** The bytes of a `--data` file or its log, if any; read synchronously, which makes a large file's parse a third cheaper. */
export function bytesOf(path: string): Buffer | undefined {
  try {
    return readFileSync(path)
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException
    if (code === 'ENOENT') return undefined
    throw new DataFileError(path, `cannot be read (${code ?? 'error'})`)
  }
}

/**
 * JSON text, or the {@link DataFileError} that says where it is too deep or does not parse. A value
 * `fits` accepts (the contract's few levels) is not scanned for depth, a scan costing a parse.
 */
export function jsonOf(path: string, text: string, where: string, fits?: (value: unknown) => boolean): unknown {
  let value: unknown
  let failure: Error | undefined
  try {
    value = JSON.parse(text)
  } catch (error) {
    failure = error as Error
  }
  if ((failure || !fits?.(value)) && nestedDeeperThan(text)) throw new DataFileError(path, `${where}${TOO_DEEP}`)
  if (failure) throw new DataFileError(path, `${where}is not valid JSON (${failure.message})`)
  return value
}

/** JSON text checked against a schema, or the {@link DataFileError} that says where and why. */
export function parsed<T>(path: string, text: string, schema: z.ZodMiniType<T>, where: string, what: string): T {
  const checked = schema.safeParse(jsonOf(path, text, where))
  if (!checked.success) throw new DataFileError(path, `${where}is not ${what}: ${formatIssues(checked.error.issues)}`)
  return checked.data
}

export const FIX_RECORDS =
  'edit or remove those records so that each is as a write through the API would store it, or move the file and its log away to start from the seeded library'

type Sum = { bytes: number; crc32: number }

/** The seal beside a file written or checked whole (`<file>.checked`): under it a start skips the records' check. */
const sealOf = ({ bytes, crc32 }: Sum) =>
  `${JSON.stringify({ bytes, crc32, checkedBy: `session-library-mock ${mockVersion}` })}\n`

/**
 * Reads a `--data` file and checks each record is as a write leaves it (D5–D7) unless sealed;
 * `undefined` when it does not exist yet, else {@link DataFileError} naming each bad record and field.
 */
export async function loadDataFile(path: string): Promise<LibrarySnapshot | undefined> {
  const bytes = bytesOf(path)
  if (bytes === undefined) return undefined
  const read = { text: bytes.toString('utf8'), seal: sealOf({ bytes: bytes.length, crc32: crc32(bytes) }) }
  const { checked } = libraryLogs(path)
  const sealed = (await readFile(checked, 'utf8').catch(() => undefined)) === read.seal
  let problems: string[] = []
  const library = jsonOf(path, read.text, '', (value) => {
    if (sealed) return true
    problems = libraryProblems(value)
    return problems.length === 0
  })
  if (problems.length > 0)
    throw new DataFileError(path, `is not a library file: ${problems.join('; ')} (${FIX_RECORDS})`)
  if (!sealed) await writeFile(checked, read.seal).catch(() => undefined)
  return library as LibrarySnapshot
}

/** Writes a library as a `--data` file, atomically, one record a line, a slice at a time; then its seal. */
export async function writeDataFile(path: string, image: LibrarySnapshot): Promise<void> {
  const sum: Sum = { bytes: 0, crc32: 0 }
  await writeAtomically(path, (file) => writeSnapshotText(file, image, sum))
  // Written after the file: a crash between the two leaves a seal of other bytes, and a full check.
  await writeFile(libraryLogs(path).checked, sealOf(sum)).catch(() => undefined)
}

const SLICE = 1_000

async function writeSnapshotText(file: FileHandle, image: LibrarySnapshot, sum: Sum): Promise<void> {
  // Every byte or a failure: a short write (a full disk) must not become a renamed, cut-off file.
  const put = (text: string) => {
    const bytes = Buffer.from(text)
    sum.bytes += bytes.length
    sum.crc32 = crc32(bytes, sum.crc32)
    return writeFully(file, bytes)
  }
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

export function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** D19's 503: a `what` that could not be saved to `path`, so nothing was `done`. */
export const notSaved = (what: string, path: string, error: unknown, done: string) =>
  new ApiError(
    'storage_unavailable',
    `The ${what} could not be saved to ${path} (${causeOf(error)}); nothing was ${done}.`,
  )

/** Takes the lock of a `--data` file by its real path (D19: one writer a file); {@link DataFileError} names the holder. */
export async function lockDataFile(path: string): Promise<FileLock> {
  try {
    return await lockFile(path, `session-library-mock (process ${process.pid})`)
  } catch (error) {
    if (error instanceof FileHeld) throw new DataFileError(path, `is in use by ${error.holder}; stop it first`)
    throw new DataFileError(path, `cannot be locked (${causeOf(error)})`)
  }
}
