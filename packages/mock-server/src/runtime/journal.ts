import { type Departure, LIMITS } from '@session-library/schemas'
import type { JournalEntry } from '../types.js'

/**
 * What the journal knows of an answer beyond a {@link JournalEntry}, for its subscribers (the
 * dashboard): how long it took and the error message it answered.
 *
 * @example
 * ```ts
 * const detail: JournalDetail = { ms: 3, message: 'session not found' }
 * ```
 */
export interface JournalDetail {
  /** Time from the request's arrival to its answer, in ms (latency and faults included). */
  ms?: number
  /** The message of the error answered, if any. */
  message?: string
}

/**
 * Told of each entry as it is recorded, with its detail.
 *
 * @example
 * ```ts
 * const listener: JournalListener = (entry, detail) => console.log(entry.path, detail.ms)
 * ```
 */
export type JournalListener = (entry: JournalEntry, detail: JournalDetail) => void

/** An entry as kept: its time as a number, formatted only when read (most never are). */
type Kept = Omit<JournalEntry, 'at'> & { time: number; detail: JournalDetail }

const withAt = ({ time, detail: _, ...entry }: Kept): JournalEntry => ({ ...entry, at: new Date(time).toISOString() })

/** Entries the journal keeps; older ones are dropped. */
export const JOURNAL_LIMIT = 1000

/**
 * The requests the mock answered under /api/v1 (the control surface is not journaled), and the
 * health facts derived from them (D17): the count of answered requests, the latest 50 and the
 * latest 5xx message.
 *
 * @example
 * ```ts
 * const journal = new Journal()
 * journal.record({ method: 'GET', path: '/api/v1/health', query: '', statusCode: 200 }, clock.time())
 * journal.answered // 1
 * ```
 */
export class Journal {
  #entries: Kept[] = []
  #answered = 0
  #lastError: string | undefined
  readonly #listeners = new Set<JournalListener>()
  #departures: Departure[] = []

  /**
   * Records one request answered at `time` (ms since the epoch); `statusCode` 0 means the
   * connection was dropped (a network fault).
   */
  record(entry: Omit<JournalEntry, 'at'>, time: number, errorMessage?: string, detail: JournalDetail = {}): void {
    const kept = { ...entry, time, detail }
    this.#entries.push(kept)
    if (this.#entries.length > JOURNAL_LIMIT) this.#entries.shift()
    if (entry.statusCode > 0) this.#answered += 1
    if (entry.statusCode >= 500 && errorMessage !== undefined) this.#lastError = errorMessage
    // Nothing is formatted for nobody: without a subscriber this is one size check.
    if (this.#listeners.size > 0) this.#tell(kept)
  }

  /**
   * Calls `listener` with each entry recorded from now on, after the kept ones when `backlog` is
   * set; returns the unsubscribe. A listener that throws is unsubscribed, never the recording.
   */
  subscribe(listener: JournalListener, { backlog = false } = {}): () => void {
    if (backlog) for (const kept of this.#entries) listener(withAt(kept), kept.detail)
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** How many subscribers listen now: none means nothing is built for them. */
  get subscribers(): number {
    return this.#listeners.size
  }

  #tell(kept: Kept): void {
    const entry = withAt(kept)
    for (const listener of this.#listeners) {
      try {
        listener(entry, kept.detail)
      } catch {
        this.#listeners.delete(listener)
      }
    }
  }

  /** Keeps where a proxied exchange departed from the contract (`--proxy`), bounded like the entries. */
  recordDepartures(departures: readonly Departure[]): void {
    this.#departures.push(...departures)
    this.#departures.splice(0, Math.max(0, this.#departures.length - JOURNAL_LIMIT))
  }

  /** Copies of the departures kept, oldest first. */
  departures(): Departure[] {
    return this.#departures.map((departure) => ({ ...departure }))
  }

  /** Copies of the entries, oldest first. */
  entries(): JournalEntry[] {
    return this.#entries.map(withAt)
  }

  /** Requests answered so far, 401s included (D17). */
  get answered(): number {
    return this.#answered
  }

  /** The latest answered requests, newest first, as the health snapshot lists them (D17). */
  recent(): { method: string; path: string; statusCode: number; at: string }[] {
    const answered: Kept[] = []
    for (let index = this.#entries.length - 1; index >= 0 && answered.length < LIMITS.recentRequests; index--) {
      const entry = this.#entries[index] as Kept
      if (entry.statusCode > 0) answered.push(entry)
    }
    return answered.map(({ method, path, statusCode, time }) => ({
      method,
      path,
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

  /** Forgets everything. */
  clear(): void {
    this.#entries = []
    this.#answered = 0
    this.#lastError = undefined
    this.#departures = []
  }
}
