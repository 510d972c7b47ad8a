import { type FileHandle, open, readFile, truncate } from 'node:fs/promises'
import { formatIssues, z } from '@session-library/schemas'
import { type LibraryChange, libraryPartNames } from '../../store/library-parts.js'
import { DataFileError } from './data-file.js'

// A line's shape; its records are checked against their part's model as they are replayed.
const partChange = z.optional(z.strictObject({ put: z.array(z.unknown()), del: z.array(z.string()) }))
const changeLine = z.strictObject({
  nextId: z.int().check(z.minimum(1)),
  whole: z.optional(z.literal(true)),
  ...Object.fromEntries(libraryPartNames.map((part) => [part, partChange])),
})

/**
 * The lines of a change log, parsed: one change each, oldest first, with their line numbers.
 *
 * @example
 * ```ts
 * const { changes } = await readChangeLog('library.json.log', warn)
 * ```
 */
export interface ChangeLogLines {
  changes: { line: number; change: LibraryChange }[]
}

/**
 * Reads a change log. A missing file holds no change. A last line without its newline is a crash
 * in the middle of an append: it is cut off the file, with one warning, and was never answered. Any
 * other line that does not parse stops the start with {@link DataFileError}; the file stays as it is.
 *
 * @example
 * ```ts
 * const { changes } = await readChangeLog('library.json.log', (line) => process.stderr.write(`${line}\n`))
 * ```
 */
export async function readChangeLog(path: string, warn: (message: string) => void): Promise<ChangeLogLines> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { changes: [] }
    throw new DataFileError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  const end = text.lastIndexOf('\n') + 1
  const lines = text.slice(0, end).split('\n').slice(0, -1)
  if (end < text.length) {
    await truncate(path, Buffer.byteLength(text.slice(0, end)))
    warn(
      `--data ${path}: dropped a torn last line (${text.length - end} characters), a change cut off by a crash before it was answered`,
    )
  }
  return { changes: lines.map((line, index) => ({ line: index + 1, change: parseLine(path, line, index + 1) })) }
}

function parseLine(path: string, text: string, line: number): LibraryChange {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new DataFileError(path, `line ${line} is not valid JSON (${(error as Error).message})`)
  }
  const parsed = changeLine.safeParse(json)
  if (!parsed.success)
    throw new DataFileError(path, `line ${line} is not a change: ${formatIssues(parsed.error.issues)}`)
  return parsed.data as LibraryChange
}

/**
 * The open end of a change log: appends one line a change, each flushed to disk (fdatasync)
 * before it resolves.
 *
 * @example
 * ```ts
 * const log = await ChangeLogWriter.open('library.json.log')
 * await log.append(change)
 * ```
 */
export class ChangeLogWriter {
  readonly #file: FileHandle
  #bytes: number

  private constructor(file: FileHandle, bytes: number) {
    this.#file = file
    this.#bytes = bytes
  }

  /** Opens (or creates) a log for appending. */
  static async open(path: string): Promise<ChangeLogWriter> {
    const file = await open(path, 'a')
    return new ChangeLogWriter(file, (await file.stat()).size)
  }

  /** How many bytes the log holds. */
  get bytes(): number {
    return this.#bytes
  }

  /** Appends one change as one line and flushes it to disk. */
  async append(change: LibraryChange): Promise<void> {
    const line = Buffer.from(`${JSON.stringify(change)}\n`)
    try {
      await this.#file.write(line)
      await this.#file.datasync()
    } catch (error) {
      // A part of a line (a full disk) would join the next one: cut it off, best effort.
      await this.#file.truncate(this.#bytes).catch(() => undefined)
      throw error
    }
    this.#bytes += line.length
  }

  /** Closes the file. */
  close(): Promise<void> {
    return this.#file.close()
  }
}
