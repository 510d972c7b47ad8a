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

/**
 * One request the mock answered, as the dashboard's event stream and health's `recentRequests`
 * see it: no bodies, no headers. Never holds the token (D2).
 */
export interface JournalSummary {
  /** Orders entries even when the clock is fixed: 1 for the first request after a reset. */
  seq: number
  method: string
  /** Scheme, host and port the request was sent to, e.g. `http://127.0.0.1:4777`. */
  origin: string
  /** Path without the query string, e.g. `/api/v1/sessions`. */
  path: string
  /** The query string without `?`. */
  query: string
  operation?: OperationName
  /** The answer's status; 0 when the connection was dropped (a network fault). */
  statusCode: number
  /** Error code when the answer was an error. */
  code?: string
  /** ISO 8601 timestamp of the answer, from the mock's clock. */
  at: string
  /** Time from the request's arrival to its answer, in ms (latency and faults included). */
  ms: number
  /** The message of the error answered, if any. */
  message?: string
}

/**
 * One request the mock answered, newest last in `MockApi.journal()`: the {@link JournalSummary}
 * plus what was sent and answered. Headers and bodies are built only when an entry is read, the
 * token masked in them and secret headers hidden by the SDK's rule (D2: `Authorization: Bearer
 * <token>`, `Cookie: <token>`); bodies are JSON when they parse, else text, and cut at
 * `JOURNAL_BODY_LIMIT` characters with `truncated: true`.
 */
export interface JournalEntry extends JournalSummary {
  request: { headers: Record<string, string> } & BodyText
  answer: BodyText
}

/** What the journal knows of an answer beyond where it went: its duration and error message. */
export type JournalDetail = Pick<JournalSummary, 'ms' | 'message'>

type JournalListener = (entry: JournalSummary) => void

/**
 * What the request path hands the journal: references only (the body it read, the answer's text, the
 * request's headers), masked and formatted when read.
 */
interface JournalRecord extends Omit<JournalSummary, 'seq' | 'at'> {
  /** When it was answered, in ms since the epoch. */
  time: number
  /** What health's `lastError` says when it is a 5xx (D17). */
  errorMessage?: string
  headers?: HeaderSource
  body?: Uint8Array
  /** The JSON answered, or the value it was made from (see {@link JsonValue}). */
  answer?: string | JsonValue
}

interface Kept {
  seq: number
  record: JournalRecord
  body: KeptBody
  answer: KeptBody
}

export const JOURNAL_LIMIT = 1000

/**
 * The requests the mock answered under /api/v1 (the control surface is not journaled), and the
 * health facts derived from them (D17): the count of answered requests, the latest 50 and the
 * latest 5xx message. The token is masked in whatever it gives out (`mask`, D2).
 */
export class Journal {
  readonly #mask: (text: string) => string
  /** A ring of the latest {@link JOURNAL_LIMIT} entries: the oldest is overwritten, nothing moves. */
  #ring: (Kept | undefined)[] = []
  /** Entries recorded since the last clear; the ring holds the latest of them. */
  #seq = 0
  #answered = 0
  #lastError: string | undefined
  readonly #listeners = new Set<JournalListener>()
  #departures: Departure[] = []

  constructor(mask: (text: string) => string = (text) => text) {
    this.#mask = mask
  }

  /**
   * Keeps the record as given (its headers, body and answer by reference, a body past
   * `JOURNAL_BODY_LIMIT` cut): nothing is masked or formatted until the entry is read.
   */
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

  /**
   * Calls `listener` with each entry recorded from now on, after the kept ones when `backlog` is
   * set; returns the unsubscribe. A listener that throws is unsubscribed, never the recording.
   */
  subscribe(listener: JournalListener, { backlog = false } = {}): () => void {
    if (backlog) for (const kept of this.#kept()) listener(this.#summary(kept))
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** How many subscribers listen now: none means nothing is built for them. */
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
    const { time, ms, method, origin, path, query, operation, statusCode, code, message } = record
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

  /** Keeps where a proxied exchange departed from the contract (`--proxy`), bounded like the entries. */
  recordDepartures(departures: readonly Departure[]): void {
    this.#departures.push(...departures)
    this.#departures.splice(0, Math.max(0, this.#departures.length - JOURNAL_LIMIT))
  }

  departures(): Departure[] {
    return this.#departures.map((departure) => ({ ...departure }))
  }

  /** The entries that match `filter` (all without one), oldest first, each built afresh (a copy). */
  entries(filter?: RequestFilter): JournalEntry[] {
    const kept = this.#kept()
    return (filter ? kept.filter((entry) => matches(entry.record, filter)) : kept).map((entry) => this.#entry(entry))
  }

  /** Requests answered so far, 401s included (D17). */
  get answered(): number {
    return this.#answered
  }

  /** The latest answered requests, newest first, as the health snapshot lists them (D17). */
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

  /** Sets `lastError` for a failure outside any request, e.g. a `--data` fold that failed (D19). */
  noteError(message: string): void {
    this.#lastError = message
  }

  /** The message of the latest 5xx answer, if any (D17). */
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

/**
 * Which journal entries `MockApi.requests` gives: all of one operation, method or status (every
 * field given must match).
 */
export interface RequestFilter<Name extends OperationName = OperationName> {
  operation?: Name
  method?: string
  /** The answer's status (0: a dropped connection). */
  status?: number
}

/**
 * A journal entry of one operation: `request.body` typed as the operation's body, `answer.body` as
 * its answer or an error envelope.
 */
export type JournalEntryOf<Name extends OperationName> = Omit<JournalEntry, 'operation' | 'request' | 'answer'> & {
  operation: Name
  request: {
    headers: Record<string, string>
    body?: [BodyOf<Name>] extends [never] ? undefined : BodyOf<Name>
    truncated?: true
  }
  answer: { body?: AnswerOf<Name> | ErrorEnvelope; truncated?: true }
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
