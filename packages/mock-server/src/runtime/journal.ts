import {
  type AnswerOf,
  type BodyOf,
  type Departure,
  type ErrorEnvelope,
  LIMITS,
  type OperationName,
} from '@session-library/schemas'
import {
  type BodyText,
  boundedBody,
  type HeaderSource,
  type JsonValue,
  type KeptBody,
  shownBody,
  shownHeaders,
} from './journal-bodies.js'

/** One request the mock answered, without bodies and headers (the dashboard's events); never holds the token (D2). */
export interface JournalSummary {
  /** Orders entries even when the clock is fixed: 1 for the first request after a reset. */
  seq: number
  method: string
  /** Scheme, host and port, e.g. `http://127.0.0.1:4777`. */
  origin: string
  path: string
  /** The query string without `?`. */
  query: string
  operation?: OperationName
  /** The answer's status; 0 when the connection was dropped (a network fault). */
  statusCode: number
  code?: string
  /** ISO 8601 timestamp of the answer, from the mock's clock. */
  at: string
  /** Time from arrival to answer, in ms. */
  ms: number
  message?: string
  /** Answered as `Prefer: code=<status>` asked (D21). */
  forced?: true
}

/**
 * A {@link JournalSummary} plus what was sent and answered, the token masked and secret headers
 * hidden (D2); bodies are JSON when they parse, else text, cut at 32 KiB with `truncated: true`.
 */
export interface JournalEntry extends JournalSummary {
  request: { headers: Record<string, string> } & BodyText
  answer: BodyText
}

/** An answer's duration and error message. */
export type JournalDetail = Pick<JournalSummary, 'ms' | 'message'>

type JournalListener = (entry: JournalSummary) => void

/** What the request path hands the journal: references only, masked and formatted when read. */
interface JournalRecord extends Omit<JournalSummary, 'seq' | 'at'> {
  /** When it was answered, in ms since the epoch. */
  time: number
  /** What health's `lastError` says when it is a 5xx (D17). */
  errorMessage?: string
  headers?: HeaderSource
  body?: Uint8Array
  answer?: string | JsonValue
}

interface Kept {
  seq: number
  record: JournalRecord
  body: KeptBody
  answer: KeptBody
}

export const JOURNAL_LIMIT = 1000

/** The requests answered under /api/v1 and health's facts from them (D17); the token masked in all it gives out (D2). */
export class Journal {
  readonly #mask: (text: string) => string
  /** A ring of the latest {@link JOURNAL_LIMIT} entries. */
  #ring: (Kept | undefined)[] = []
  #seq = 0
  #answered = 0
  #lastError: string | undefined
  readonly #listeners = new Set<JournalListener>()
  #departures: Departure[] = []

  constructor(mask: (text: string) => string = (text) => text) {
    this.#mask = mask
  }

  /** Keeps the record by reference (a long body cut): nothing is masked or formatted until read. */
  record(record: JournalRecord): void {
    this.#seq += 1
    const kept: Kept = { seq: this.#seq, record, body: boundedBody(record.body), answer: boundedBody(record.answer) }
    this.#ring[(this.#seq - 1) % JOURNAL_LIMIT] = kept
    const { statusCode, errorMessage } = record
    if (statusCode > 0) this.#answered += 1
    if (statusCode >= 500 && errorMessage !== undefined) this.#lastError = this.#mask(errorMessage)
    // Nothing is formatted for nobody: without a subscriber this is one size check.
    if (this.#listeners.size > 0) this.#tell(kept)
  }

  #kept(): Kept[] {
    const count = Math.min(this.#seq, JOURNAL_LIMIT)
    const first = this.#seq - count
    return Array.from({ length: count }, (_, index) => this.#ring[(first + index) % JOURNAL_LIMIT] as Kept)
  }

  /** Calls `listener` with each new entry (the kept ones first with `backlog`); one that throws is unsubscribed. */
  subscribe(listener: JournalListener, { backlog = false } = {}): () => void {
    if (backlog) for (const kept of this.#kept()) listener(this.#summary(kept))
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Calls `listener` with each new entry whole (a recording), the token masked as {@link entries} does. */
  subscribeEntries(listener: (entry: JournalEntry) => void): () => void {
    return this.subscribe(() => listener(this.#entry(this.#ring[(this.#seq - 1) % JOURNAL_LIMIT] as Kept)))
  }

  get subscribers(): number {
    return this.#listeners.size
  }

  #tell(kept: Kept): void {
    const entry = this.#summary(kept)
    for (const listener of this.#listeners) {
      try {
        listener(entry)
      } catch {
        this.#listeners.delete(listener)
      }
    }
  }

  #summary({ seq, record }: Kept): JournalSummary {
    const { time, ms, method, origin, path, query, operation, statusCode, code, message, forced } = record
    const mask = this.#mask
    return {
      seq,
      method,
      origin: mask(origin),
      path: mask(path),
      query: mask(query),
      ...(operation && { operation }),
      statusCode,
      ...(code && { code }),
      at: new Date(time).toISOString(),
      ms,
      ...(message !== undefined && { message: mask(message) }),
      ...(forced && { forced }),
    }
  }

  #entry(kept: Kept): JournalEntry {
    const mask = this.#mask
    return {
      ...this.#summary(kept),
      request: { headers: shownHeaders(kept.record.headers, mask), ...shownBody(kept.body, mask) },
      answer: shownBody(kept.answer, mask),
    }
  }

  /** Keeps a proxied exchange's departures from the contract, bounded like the entries. */
  recordDepartures(departures: readonly Departure[]): void {
    this.#departures.push(...departures)
    this.#departures.splice(0, Math.max(0, this.#departures.length - JOURNAL_LIMIT))
  }

  departures(): Departure[] {
    return this.#departures.map((departure) => ({ ...departure }))
  }

  /** The entries that match `filter`, oldest first, each a copy. */
  entries(filter?: RequestFilter): JournalEntry[] {
    const kept = this.#kept()
    return (filter ? kept.filter((entry) => matches(entry.record, filter)) : kept).map((entry) => this.#entry(entry))
  }

  /** Requests answered so far, 401s included (D17). */
  get answered(): number {
    return this.#answered
  }

  /** The latest answered requests, newest first (D17). */
  recent(): { method: string; path: string; statusCode: number; at: string }[] {
    const answered: JournalRecord[] = []
    const oldest = Math.max(0, this.#seq - JOURNAL_LIMIT)
    for (let seq = this.#seq; seq > oldest && answered.length < LIMITS.recentRequests; seq--) {
      const { record } = this.#ring[(seq - 1) % JOURNAL_LIMIT] as Kept
      if (record.statusCode > 0) answered.push(record)
    }
    return answered.map(({ method, path, statusCode, time }) => ({
      method,
      path: this.#mask(path),
      statusCode,
      at: new Date(time).toISOString(),
    }))
  }

  /** Sets `lastError` for a failure outside any request (D19). */
  noteError(message: string): void {
    this.#lastError = this.#mask(message)
  }

  get lastError(): string | undefined {
    return this.#lastError
  }

  clear(): void {
    this.#ring = []
    this.#seq = 0
    this.#answered = 0
    this.#lastError = undefined
    this.#departures = []
  }
}

/** Which journal entries `MockApi.requests` gives: every field given must match. */
export interface RequestFilter<Name extends OperationName = OperationName> {
  operation?: Name
  method?: string
  /** The answer's status (0: a dropped connection). */
  status?: number
}

/** A journal entry of one operation, its bodies typed. */
export type JournalEntryOf<Name extends OperationName> = Omit<JournalEntry, 'operation' | 'request' | 'answer'> & {
  operation: Name
  request: {
    headers: Record<string, string>
    body?: [BodyOf<Name>] extends [never] ? undefined : BodyOf<Name>
    truncated?: true
  }
  // The envelope without its index signature: `'data' in body` narrows to the answer.
  answer: { body?: AnswerOf<Name> | Pick<ErrorEnvelope, 'error'>; truncated?: true }
}

function matches(
  entry: { operation?: OperationName; method: string; statusCode: number },
  filter: RequestFilter,
): boolean {
  return (
    (filter.operation === undefined || entry.operation === filter.operation) &&
    (filter.method === undefined || entry.method.toUpperCase() === filter.method.toUpperCase()) &&
    (filter.status === undefined || entry.statusCode === filter.status)
  )
}
