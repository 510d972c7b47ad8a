import { readFileSync } from 'node:fs'
import { type FileHandle, readFile, writeFile } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { nestedDeeperThan, TOO_DEEP } from '@session-library/internal'
import { FileHeld, type FileLock, lockFile, writeAtomically, writeFully } from '@session-library/internal/node'
import { formatIssues, libraryLogs } from '@session-library/schemas'
import type * as z from 'zod/mini'
import { type LibrarySnapshot, libraryPartNames, libraryProblems } from '../../store/records.js'
import { version as mockVersion } from '../../version.js'

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

/**
 * The bytes of a `--data` file or its log; `undefined` when there is none. Read at a start, before
 * its parse, which blocks anyway: read at once, the text is one flat string and no chunks are left
 * for the collector, which makes the parse of a large file a third cheaper.
 */
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
 * JSON text, or the {@link DataFileError} that says where (`line 3 `) it is too deep or does not
 * parse. Parsed first (the parser needs no stack per level): text `fits` accepts (a check passed
 * only by values of the contract's few levels) is not scanned for depth, a scan costing as much as a parse.
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

/** JSON text checked against a schema, or the {@link DataFileError} that says where (`line 3 `) and why. */
export function parsed<T>(path: string, text: string, schema: z.ZodMiniType<T>, where: string, what: string): T {
  const checked = schema.safeParse(jsonOf(path, text, where))
  if (!checked.success) throw new DataFileError(path, `${where}is not ${what}: ${formatIssues(checked.error.issues)}`)
  return checked.data
}

/** How to go on from a file or log whose records break the contract: said with each refusal. */
export const FIX_RECORDS =
  'edit or remove those records so that each is as a write through the API would store it, or move the file and its log away to start from the seeded library'

/** The bytes of a file so far: their count and CRC-32. */
type Sum = { bytes: number; crc32: number }

/**
 * The seal kept beside a `--data` file written or checked whole (`<file>.checked`, see the
 * README): under the seal of its own version, a start skips the check of every record (a sixth of
 * a start at 100,000 sessions; the sum costs a fiftieth). It guards against accidents only.
 */
const sealOf = ({ bytes, crc32 }: Sum) =>
  `${JSON.stringify({ bytes, crc32, checkedBy: `session-library-mock ${mockVersion}` })}\n`

/**
 * Reads a `--data` file and checks it against the contract: the library's shape, and each record
 * exactly as a write through the API leaves it (D5–D7), unless the file is as this version of the
 * mock wrote or checked it (see `sealOf`). Resolves `undefined` when the file does not exist yet;
 * throws {@link DataFileError}, naming each bad record and field, for anything else that keeps it
 * from being used.
 */
export async function loadDataFile(path: string): Promise<LibrarySnapshot | undefined> {
  const read = sealedText(path)
  if (read === undefined) return undefined
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
  // Only a check saved for the next start: where it cannot be written, that start checks again.
  if (!sealed) await writeFile(checked, read.seal).catch(() => undefined)
  return library as LibrarySnapshot
}

/** The text of a `--data` file and the seal of its bytes, which are left to the collector before the parse. */
function sealedText(path: string): { text: string; seal: string } | undefined {
  const bytes = bytesOf(path)
  return bytes && { text: bytes.toString('utf8'), seal: sealOf({ bytes: bytes.length, crc32: crc32(bytes) }) }
}

/**
 * Writes a library as a `--data` file, atomically (see `writeAtomically`), then its seal (see
 * `sealOf`), summed from the bytes as they are written. One record a line, written a slice at a
 * time so the event loop keeps answering; the image's records must not change meanwhile (stored
 * records never change in place).
 */
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

/** What went wrong with a file operation, in a few words: its message, which names the errno code. */
export function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Takes the lock of a `--data` file given its real path (D19: one writer a file; the README says
 * how it is held), the one `session-library clone --data` takes too; {@link DataFileError} names
 * the holder when another process has it.
 */
export async function lockDataFile(path: string): Promise<FileLock> {
  try {
    return await lockFile(path, `session-library-mock (process ${process.pid})`)
  } catch (error) {
    if (error instanceof FileHeld) throw new DataFileError(path, `is in use by ${error.holder}; stop it first`)
    throw new DataFileError(path, `cannot be locked (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
}
