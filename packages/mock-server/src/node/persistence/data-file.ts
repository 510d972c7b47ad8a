import type { FileHandle } from 'node:fs/promises'
import { readFile } from 'node:fs/promises'
import { nestedDeeperThan, TOO_DEEP } from '@session-library/internal'
import { writeAtomically, writeFully } from '@session-library/internal/node'
import { formatIssues, librarySnapshot, z } from '@session-library/schemas'
import { duplicateKeys, type LibrarySnapshot, libraryPartNames } from '../../store/records.js'

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

/** JSON text checked against a schema, or the {@link DataFileError} that says where (`line 3 `) and why. */
export function parsed<T>(path: string, text: string, schema: z.ZodMiniType<T>, where: string, what: string): T {
  if (nestedDeeperThan(text)) throw new DataFileError(path, `${where}${TOO_DEEP}`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new DataFileError(path, `${where}is not valid JSON (${(error as Error).message})`)
  }
  const checked = schema.safeParse(json)
  if (!checked.success) throw new DataFileError(path, `${where}is not ${what}: ${formatIssues(checked.error.issues)}`)
  return checked.data
}

// The contract's schema compiled by zod itself (`z.compile`): a generated check of the same rules,
// 2.5× faster over a large file, that hands anything it would refuse to zod's own parser, so a bad
// file gets the same issues, naming the field. Compiled on first use: a seeded start needs none.
let compiledSnapshot: typeof librarySnapshot | undefined

/**
 * Reads and validates a `--data` file against the contract's `librarySnapshot` schema. Resolves
 * `undefined` when the file does not exist yet; throws {@link DataFileError} for anything else
 * that keeps it from being used.
 */
export async function loadDataFile(path: string): Promise<LibrarySnapshot | undefined> {
  const text = await textOf(path)
  if (text === undefined) return undefined
  compiledSnapshot ??= z.compile(librarySnapshot)
  const snapshot = parsed(path, text, compiledSnapshot, '', 'a library file') as LibrarySnapshot
  const [repeated] = duplicateKeys(snapshot)
  if (repeated !== undefined) throw new DataFileError(path, `is not a library file: ${repeated}`)
  return snapshot
}

/**
 * Writes a library as a `--data` file, atomically (see `writeAtomically`). One record a line,
 * written a slice at a time so the event loop keeps answering; the image's records must not change
 * meanwhile (stored records never change in place).
 */
export const writeDataFile = (path: string, image: LibrarySnapshot): Promise<void> =>
  writeAtomically(path, (file) => writeSnapshotText(file, image))

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

/** What went wrong with a file operation, in a few words: its message, which names the errno code. */
export function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
