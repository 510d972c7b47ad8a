import type { Departure, KnownErrorCode, Mode, OperationName, Service } from '@session-library/schemas'
import type { HttpHandler, RequestHandler } from 'msw'
import type { TransportAnswer } from './http/answer.js'
import type { OverrideError } from './http/api-error.js'
import type { AnswersKnownFields, OverrideAnswer, OverrideContext, OverrideOptions } from './http/override.js'
import type { UnhandledCallback } from './http/unhandled.js'
import type { Fault, PendingFault } from './runtime/faults.js'
import type { ImportProgress } from './runtime/imports.js'
import type { JournalEntry, JournalEntryOf, RequestFilter } from './runtime/journal.js'
import type { VerifyPattern } from './runtime/verify.js'
import type { LiveStore } from './store/library.js'
import type { LibrarySnapshot, StoredSession } from './store/records.js'
import type { SessionFields } from './store/sessions.js'

/** The mock: MSW handlers for the whole API plus the controls a test or a tool needs. */
export interface MockApi {
  /**
   * MSW request handlers: the API under each base URL and the control surface at each base URL's
   * origin under `/__mock`. Requests to any other URL are not handled (msw's `onUnhandledFrame`).
   */
  readonly handlers: RequestHandler[]
  /**
   * msw's callback for requests no handler answered: `server.listen({ onUnhandledFrame:
   * api.onUnhandled })` (msw 2: `onUnhandledRequest`). Each is msw's error; one that looks like
   * this API on another origin (`http://localhost:4777/api/v1` for `127.0.0.1`) is told first which
   * base URLs the mock answers and how to add its own (`createMockApi({ baseUrl })`).
   */
  readonly onUnhandled: UnhandledCallback
  /** The token it accepts. */
  readonly token: string
  /** The first base URL it answers, e.g. `http://127.0.0.1:4777/api/v1`: what a client under test uses. */
  readonly baseUrl: string
  /** Sets the configured mode and, optionally, a different effective one (D1); another string is a TypeError. */
  setMode(configured: Mode, effective?: Mode): void
  /** Makes a service answer 501, or available again. */
  setServiceAvailable(service: Service, available: boolean): void
  /** Fixes the clock, or lets it run again with `undefined`. */
  setNow(now: string | Date | undefined): void
  /** The mock's current time. */
  now(): Date
  /** Sets the latency added to every answer, a whole number of ms up to ten minutes (else a TypeError). */
  setLatency(ms: number): void
  /** Injects a fault for the next matching requests; a bad fault is a TypeError naming the field. */
  injectFault(fault: Fault): void
  /** Removes every pending fault. */
  clearFaults(): void
  /**
   * The faults still waiting, oldest first, each with how many requests it still applies to (as
   * `GET /__mock/faults`). A fault is used up when a matching request arrives, before its latency,
   * so a test can wait for a slow request to be under way:
   * `await expect.poll(() => api.faults()).toEqual([])`.
   */
  faults(): PendingFault[]
  /**
   * Back to the library it started with (or to `library`, checked like `createMockApi`'s), modes
   * and services as configured, journal, faults and imports emptied, ids as in a fresh mock.
   * **Done when it returns**: a request under way from before it writes nothing and is not
   * journaled, and what you do next (`injectFault`, …) is kept. The promise only says when
   * `onChange`/`onChanges` have seen the new library (`--data`); in tests there is nothing to await.
   */
  reset(options?: { library?: LibrarySnapshot }): Promise<void>
  /**
   * Replaces the library, now, with `library` (checked first: a TypeError names the record and the
   * field), keeping modes, faults and the journal; ids continue from its `nextId`. A request under way
   * is superseded as by {@link MockApi.reset}.
   */
  seed(library: LibrarySnapshot): Promise<void>
  /** The live library, read in place: each call reads what is stored now, nothing is copied. */
  readonly store: LiveStore
  /** Every import started, oldest first. */
  imports(): ImportProgress[]
  /** Requests answered, oldest first (the latest 1,000), with what was sent and answered. */
  journal(): JournalEntry[]
  /**
   * The journal's entries that match `filter`, oldest first; with an `operation`, typed by it:
   * `request.body` is its body, `answer.body` its answer or an error envelope.
   */
  requests<Name extends OperationName>(filter: RequestFilter<Name> & { operation: Name }): JournalEntryOf<Name>[]
  /** The journal's entries that match `filter` (all without one), oldest first. */
  requests(filter?: RequestFilter): JournalEntry[]
  /**
   * Asserts, as WireMock's `verify`, that the journal holds requests of `operation` matching
   * `pattern`: `times` of them (default: at least one), each holding the `body`, `query` and
   * `params` given (arrays whole) and answered with `status`. Passes silently, or throws one Error
   * listing each journaled request of the operation and how it differs. A misspelt operation is a
   * TypeError naming the nearest.
   *
   * @example
   * ```ts
   * api.verify('tags.put', { times: 1, body: { tags: ['a'] } })
   * ```
   */
  verify<Name extends OperationName>(operation: Name, pattern?: VerifyPattern<Name>): void
  /**
   * An msw handler for one operation (its method and path under the mock's base URLs) whose
   * `resolver` answers instead of the mock, for `times` requests (default: all). The resolver gets
   * the request's typed `params`, `query` and `body` and returns a typed answer, `api.error(code)`,
   * or `next()` (the mock's own answer). Journaled like any request. Put it first:
   * `server.use(api.override(…))`.
   */
  override<Name extends OperationName, Answer extends OverrideAnswer<Name>>(
    operation: Name,
    resolver: ((context: OverrideContext<Name>) => Answer | Promise<Answer>) & AnswersKnownFields<Name, Answer>,
    options?: OverrideOptions,
  ): HttpHandler
  /** An error answer for an override: the code's status and SPEC's message unless given. */
  error<Code extends KnownErrorCode>(code: Code, message?: string): OverrideError<Code>
  /**
   * Journals a request under /api/v1 that a transport of your own answered itself (403
   * `forbidden_host`, 413, a slow body's 408), so that health counts it (D17); others are ignored.
   */
  recordAnswer(answer: TransportAnswer): void
  /** Where the proxied server departed from the contract (`--proxy`), oldest first (bounded). */
  departures(): Departure[]
  /** The whole library, JSON-safe: a copy. */
  snapshot(): LibrarySnapshot
  /**
   * `sessionRecord` with the mock's own id and clock: the id is the mock's next (from its seed and
   * counter, restarted by `reset()`: the same ids on every run), `lastOpened` the mock's now.
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
export type MockControls = Omit<MockApi, 'handlers' | 'override' | 'onUnhandled'>
