import { type FileHandle, open, truncate } from 'node:fs/promises'
import { writeFully } from '@session-library/internal/node'
import { CHANGE_LINE_START, NOT_JSON, parseJsonText } from '@session-library/schemas'
import * as z from 'zod/mini'
import { Library } from '../../store/library.js'
import {
  type LibraryChange,
  type LibraryPart,
  type LibrarySnapshot,
  libraryPartNames,
  recordKey,
  recordProblems,
} from '../../store/records.js'
import { bytesOf, DataFileError, FIX_RECORDS, parsed } from './data-file.js'

// A line's shape; its records are checked one by one against their part's model (`recordProblems`).
const partChange = z.optional(z.strictObject({ put: z.array(z.unknown()), del: z.array(z.string()) }))
const changeLine = z.strictObject({
  nextId: z.int().check(z.minimum(1)),
  whole: z.optional(z.literal(true)),
  ...Object.fromEntries(libraryPartNames.map((part) => [part, partChange])),
})

interface LoggedChange {
  line: number
  change: LibraryChange
}

/**
 * Reads a change log. NUL padding and a partial change joined to the next (never answered 2xx, D19)
 * are skipped with a warning; any other bad line is a {@link DataFileError}.
 */
export async function readChangeLog(path: string, warn: (message: string) => void): Promise<LoggedChange[]> {
  const lines = await wholeLines(path, warn, 'a change cut off by a crash before it was answered')
  return lines.flatMap((text, index) => {
    const change = parseLine(path, text, index + 1, warn)
    return change ? [{ line: index + 1, change }] : []
  })
}

/** The whole lines of a log; a last line without its newline (a crash, never acknowledged) is cut off with a warning. */
export async function wholeLines(path: string, warn: (message: string) => void, what: string): Promise<string[]> {
  const text = bytesOf(path)?.toString('utf8') ?? ''
  const end = text.lastIndexOf('\n') + 1
  if (end < text.length) {
    await truncate(path, Buffer.byteLength(text.slice(0, end)))
    warn(`--data ${path}: dropped a torn last line (${text.length - end} characters), ${what}`)
  }
  return text.slice(0, end).split('\n').slice(0, -1)
}

function parseLine(path: string, raw: string, line: number, warn: (message: string) => void) {
  const text = raw.replace(/^\0+/, '')
  if (text.length < raw.length)
    warn(`--data ${path}: skipped ${raw.length - text.length} NUL bytes of padding on line ${line}`)
  if (text === '') return undefined
  const start = text.lastIndexOf(CHANGE_LINE_START)
  const partial = start > 0 && parseJsonText(text) === NOT_JSON
  if (partial) warn(`--data ${path}: dropped a partial change (${start} characters) before the change on line ${line}`)
  const whole = partial ? text.slice(start) : text
  const change = parsed(path, whole, changeLine, `line ${line} `, 'a change') as LibraryChange
  const problems = libraryPartNames.flatMap((part) => recordProblems(part, change[part]?.put ?? [], `${part}.put`))
  if (problems.length > 0) {
    throw new DataFileError(path, `line ${line} breaks the contract: ${problems.join('; ')} (${FIX_RECORDS})`)
  }
  return change
}

/**
 * The open end of a change log: each line flushed to disk before it resolves (D19). A failed append
 * cuts the log back to its last whole line, and until that succeeds every append tries it first.
 */
export class ChangeLogWriter {
  readonly #file: FileHandle
  #bytes: number
  /** A failed append may have left a part of its line after `#bytes`. */
  #torn = false

  private constructor(file: FileHandle, bytes: number) {
    this.#file = file
    this.#bytes = bytes
  }

  static async open(path: string): Promise<ChangeLogWriter> {
    const file = await open(path, 'a')
    return new ChangeLogWriter(file, (await file.stat()).size)
  }

  get bytes(): number {
    return this.#bytes
  }

  /** Appends one record (or whole lines as bytes), flushed; on failure the log is as it was. */
  async append(change: LibraryChange | object): Promise<void> {
    if (this.#torn) await this.#cutBack()
    const line = change instanceof Uint8Array ? change : Buffer.from(`${JSON.stringify(change)}\n`)
    try {
      await writeFully(this.#file, line)
      await this.#file.datasync()
    } catch (error) {
      this.#torn = true
      await this.#cutBack().catch(() => undefined)
      throw error
    }
    this.#bytes += line.length
  }

  /** Cuts off whatever follows the last whole line; `truncate` on a shorter file would grow it. */
  async #cutBack(): Promise<void> {
    const { size } = await this.#file.stat()
    if (size > this.#bytes) {
      await this.#file.truncate(this.#bytes)
      await this.#file.datasync()
    }
    this.#torn = false
  }

  async clear(): Promise<void> {
    await this.#file.truncate(0)
    await this.#file.datasync()
    this.#bytes = 0
  }

  close(): Promise<void> {
    return this.#file.close()
  }
}

/** The library once the change logs are replayed over it; a line that cannot be applied is a {@link DataFileError}. */
export function replayChanges(
  snapshot: LibrarySnapshot,
  logs: readonly { path: string; changes: readonly LoggedChange[] }[],
): LibrarySnapshot {
  if (logs.every((log) => log.changes.length === 0)) return snapshot
  const library = new Library(1)
  library.load(snapshot)
  for (const log of logs) {
    for (const { line, change } of log.changes) {
      try {
        library.apply(change)
      } catch (error) {
        throw new DataFileError(log.path, `line ${line} cannot be applied: ${(error as Error).message}`)
      }
    }
  }
  return library.image()
}

/** Durable changes kept as they are before it is cheaper to build the map of records. */
const PENDING_LIMIT = 1024

type RecordMaps = Record<LibraryPart, Map<string, object>>

/** The records as the file and its log hold them, what an unsaved change is undone to (D19); mapped at the first undo. */
export class DurableRecords {
  #partOf: (part: LibraryPart) => readonly object[] | undefined
  #built: RecordMaps | undefined
  /** Changes made durable since the last whole one, while the map is not built. */
  readonly #changes: LibraryChange[] = []

  constructor(snapshot: LibrarySnapshot) {
    this.#partOf = (part) => snapshot[part]
  }

  commit(change: LibraryChange): void {
    if (change.whole) {
      this.#partOf = (part) => change[part]?.put
      this.#built = undefined
      this.#changes.length = 0
    } else if (this.#built !== undefined || this.#changes.push(change) > PENDING_LIMIT) this.#apply(change)
  }

  #apply(change: LibraryChange): void {
    const built = this.#records()
    for (const part of libraryPartNames) {
      for (const record of change[part]?.put ?? []) built[part].set(recordKey(part, record), record)
      for (const key of change[part]?.del ?? []) built[part].delete(key)
    }
  }

  #records(): RecordMaps {
    if (this.#built === undefined) {
      const built = {} as RecordMaps
      for (const part of libraryPartNames) {
        built[part] = new Map((this.#partOf(part) ?? []).map((record) => [recordKey(part, record), record]))
      }
      this.#built = built
      for (const change of this.#changes.splice(0)) this.#apply(change)
    }
    return this.#built
  }

  /** The change that puts back what `change` touched as it is durable; the id counter stays (D5). */
  undoOf(change: LibraryChange): LibraryChange {
    const undo: LibraryChange = { nextId: change.nextId, ...(change.whole && { whole: true as const }) }
    for (const part of libraryPartNames) {
      const records = this.#records()[part]
      const touched = change[part]
      const keys = touched ? [...touched.put.map((record) => recordKey(part, record)), ...touched.del] : []
      const put = change.whole ? [...records.values()] : keys.flatMap((key) => records.get(key) ?? [])
      const del = change.whole ? [] : keys.filter((key) => !records.has(key))
      if (change.whole || touched) Object.assign(undo, { [part]: { put, del } })
    }
    return undo
  }
}
