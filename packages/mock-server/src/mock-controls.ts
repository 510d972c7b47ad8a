import type { Departure, KnownErrorCode, Mode, OperationName, Service } from '@session-library/schemas'
import type { HttpHandler, RequestHandler } from 'msw'
import type { TransportAnswer } from './http/answer.js'
import type { OverrideError } from './http/api-error.js'
import type { AnswersKnownFields, OverrideAnswer, OverrideContext, OverrideOptions } from './http/override.js'
import type { UnhandledCallback } from './http/unhandled.js'
import type { Fault, PendingFault } from './runtime/faults.js'
import type { ImportProgress } from './runtime/imports.js'
import type { JournalEntry, JournalEntryOf, RequestFilter } from './runtime/journal.js'
import type { Recorder } from './runtime/recorder.js'
import type { VerifyPattern } from './runtime/verify.js'
import type { LiveStore } from './store/library.js'
import type { LibrarySnapshot, StoredSession } from './store/records.js'
import type { SessionFields } from './store/sessions.js'

/** The mock: MSW handlers for the whole API plus the controls a test or a tool needs. */
export interface MockApi {
  /** MSW handlers: the API under each base URL, the control surface under `/__mock` of each origin. */
  readonly handlers: RequestHandler[]
  /**
   * msw's callback for unhandled requests: `server.listen({ onUnhandledFrame: api.onUnhandled })`
   * (msw 2: `onUnhandledRequest`). Refuses the request as msw's `'error'` strategy does (nothing leaves
   * the process); one that looks like this API on another origin is told how to add it.
   */
  readonly onUnhandled: UnhandledCallback
  /**
   * The mock as a `fetch` (`new SessionLibrary({ fetch: api.fetch })`): its handlers' answers, the
   * overrides made first (until `reset()`), with no msw and no socket: the fastest way to test with it.
   */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  readonly token: string
  /** The first base URL it answers, e.g. `http://127.0.0.1:4777/api/v1`: what a client under test uses. */
  readonly baseUrl: string
  /** Sets the configured mode and, optionally, a different effective one (D1). */
  setMode(configured: Mode, effective?: Mode): void
  /** Makes a service answer 501, or available again. */
  setServiceAvailable(service: Service, available: boolean): void
  /** Fixes the clock, or lets it run again with `undefined`. */
  setNow(now: string | Date | undefined): void
  /** The mock's current time. */
  now(): Date
  /** Sets the latency added to every answer, in ms (up to ten minutes). */
  setLatency(ms: number): void
  /** Injects a fault for the next matching requests; a bad fault is a TypeError naming the field. */
  injectFault(fault: Fault): void
  /** Removes every pending fault. */
  clearFaults(): void
  /**
   * The faults still waiting, oldest first, with how many requests each still applies to. A fault is
   * used up when its request arrives, before its latency: `await expect.poll(() => api.faults()).toEqual([])`.
   */
  faults(): PendingFault[]
  /**
   * Back to the starting library (or `library`), modes and services as configured, journal, faults
   * and imports emptied, ids as in a fresh mock. **Done when it returns**: a request under way writes
   * nothing and is not journaled. The promise only says when `onChange` has seen it (`--data`).
   */
  reset(options?: { library?: LibrarySnapshot }): Promise<void>
  /** Replaces the library, now, with `library` (checked), keeping modes, faults and the journal; ids continue from its `nextId`. */
  seed(library: LibrarySnapshot): Promise<void>
  /** The live library, read in place: each call reads what is stored now, nothing is copied. */
  readonly store: LiveStore
  /** Every import started, oldest first. */
  imports(): ImportProgress[]
  /** Requests answered, oldest first (the latest 1,000), with what was sent and answered. */
  journal(): JournalEntry[]
  /** The journal's entries that match `filter`, oldest first; with an `operation`, typed by it. */
  requests<Name extends OperationName>(filter: RequestFilter<Name> & { operation: Name }): JournalEntryOf<Name>[]
  /** The journal's entries that match `filter` (all without one), oldest first. */
  requests(filter?: RequestFilter): JournalEntry[]
  /** The journal's requests that reached no operation (a path or method the API does not have), oldest first. */
  unmatched(): JournalEntry[]
  /**
   * Asserts, as WireMock's `verify`, that the journal holds `times` requests of `operation` (default:
   * at least one) matching `pattern` (vitest's `expect.any(…)` and the like anywhere in it); else throws
   * one Error listing each request of it and how it differs, and the three closest of the others. A key
   * it does not know is a TypeError.
   *
   * @example
   * ```ts
   * api.verify('tags.put', { times: 1, body: { tags: ['a'] } })
   * ```
   */
  verify<Name extends OperationName>(operation: Name, pattern?: VerifyPattern<Name>): void
  /**
   * An msw handler whose `resolver` answers one operation instead of the mock, for `times` requests
   * that reach it (default: all): a typed answer, `api.error(code)` or `next()`. Put it first:
   * `server.use(api.override(…))`; `api.fetch` asks it from now on. A fault comes first: a 503 injected
   * for one request, then this override, answers 503 and then the resolver's answer. A resolver that
   * throws answers 500 naming the override, its stack printed once.
   */
  override<Name extends OperationName, Answer extends OverrideAnswer<Name>>(
    operation: Name,
    resolver: ((context: OverrideContext<Name>) => Answer | Promise<Answer>) & AnswersKnownFields<Name, Answer>,
    options?: OverrideOptions,
  ): HttpHandler
  /** An error answer for an override: the code's status and SPEC's message unless given. */
  error<Code extends KnownErrorCode>(code: Code, message?: string): OverrideError<Code>
  /** Journals a request under /api/v1 that a transport of your own answered itself, so health counts it (D17). */
  recordAnswer(answer: TransportAnswer): void
  /**
   * Keeps every request answered from now on, resets included, with the answer, mode and services, the
   * token masked (D2): for `session-library replay`. `writeRecording` (`./node`) saves it.
   */
  record(): Recorder
  /** Where the proxied server departed from the contract (`--proxy`), oldest first (bounded). */
  departures(): Departure[]
  /** The whole library, JSON-safe: a copy. */
  snapshot(): LibrarySnapshot
  /**
   * `sessionRecord` with the mock's own next id (the same on every run) and clock.
   *
   * @example
   * ```ts
   * api.seed(libraryOf([api.sessionRecord({ title: 'Demo' }), api.sessionRecord({ title: 'Demo' })]))
   * ```
   */
  sessionRecord(fields: SessionFields): StoredSession
  /** Resolves when no import is running. */
  idle(): Promise<void>
  /** Stops background work (import timers) and ends the dashboard's event streams. */
  dispose(): void
}

/** The controls of a {@link MockApi} without its handlers: what the control surface drives. */
export type MockControls = Omit<MockApi, 'handlers' | 'override' | 'onUnhandled' | 'fetch'>
