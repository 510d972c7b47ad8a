import type { Departure, Mode, OperationName, Service } from '@session-library/schemas'
import type { RequestHandler } from 'msw'
import type { LibraryChange } from './store/library-parts.js'

export type { LibraryChange, PartChange } from './store/library-parts.js'

/**
 * Options of {@link createMockApi}; they mirror the standalone mock's flags (MOCK.md).
 *
 * @example
 * ```ts
 * import { createMockApi } from '@session-library/mock-server'
 * const api = createMockApi({ token: 'test-token', sessions: 5, now: '2026-11-21T10:00:00.000Z' })
 * ```
 */
export interface MockOptions {
  /** The bearer token it accepts. Default `'test-token'` in-process; the CLI picks its own. */
  token?: string
  /** Configured mode (D1). Default `'full-automation'`. */
  mode?: Mode
  /** Effective mode when it should differ from `mode`. Default: same as `mode`. */
  effectiveMode?: Mode
  /** Services that answer 501. Default none. */
  unavailable?: Service[]
  /** Demo sessions to seed; `0` starts empty. Default 24. */
  sessions?: number
  /** Seed of the demo data and of every generated id. Default 1. */
  seed?: number
  /** Fixes the clock (ISO string or Date). Default: the real clock. */
  now?: string | Date
  /** The window of `recent=true`, in days (D11). Default 30. */
  recentDays?: number
  /** Time each import item takes, in ms (D15). Default 25. */
  importDelay?: number
  /** Delay added to every answer, in ms. Default 0. */
  latency?: number
  /** A library to start from instead of the seeded one (the standalone mock's `--data`). */
  library?: LibrarySnapshot
  /**
   * Called with the whole library after every change and awaited before the answer goes out,
   * so that a persisted copy never lags behind an answered write (`--data`).
   */
  onChange?: (library: LibrarySnapshot) => void | Promise<void>
  /**
   * Called with what each change did, record by record (the records it stored and the keys it
   * deleted), and awaited before the answer goes out: a persisted copy at the cost of the change,
   * not of the library (`--data`'s change log). After a reset the change is `whole`.
   */
  onChanges?: (change: LibraryChange) => void | Promise<void>
  /**
   * Reads an audio file's bytes by path, `undefined` when it cannot (D13). Where a preview's path
   * names a WAV file it can read, the waveform has that file's peaks; without it (the browser) all
   * peaks are synthetic. The Node entry passes a file reader.
   */
  readAudio?: (path: string) => Promise<Uint8Array | undefined>
}

/**
 * The mock's whole state in a JSON-safe form: what `--data` files hold. `nextId` keeps ids from
 * being reused across restarts (D5).
 *
 * @example
 * ```ts
 * const copy: LibrarySnapshot = api.snapshot()
 * ```
 */
export interface LibrarySnapshot {
  version: 1
  nextId: number
  /** Sessions as stored: the answered fields plus the search-only `client` (D11). */
  sessions: StoredSession[]
  /** Waveform note lanes (D14). */
  lanes: StoredLane[]
  /** Waveforms answered as stored instead of computed (a clone of a real library); absent when none. */
  waveforms?: StoredWaveform[]
}

/**
 * A waveform the mock answers as stored, for one session and preview variant.
 *
 * @example
 * ```ts
 * const stored: StoredWaveform | undefined = api.snapshot().waveforms?.[0]
 * ```
 */
export interface StoredWaveform {
  sessionId: string
  variantId: string
  waveform: import('@session-library/schemas').Waveform
}

/**
 * A session as the mock stores it.
 *
 * @example
 * ```ts
 * const first: StoredSession = api.snapshot().sessions[0]
 * ```
 */
export type StoredSession = import('@session-library/schemas').Session & { client: string }

/**
 * A waveform note lane as the mock stores it.
 *
 * @example
 * ```ts
 * const lane: StoredLane = api.snapshot().lanes[0]
 * ```
 */
export interface StoredLane {
  sessionId: string
  variantId: string
  key: string
  notes: import('@session-library/schemas').WaveformNote[]
}

/**
 * A fault the mock injects instead of answering normally (see {@link MockApi.injectFault}).
 *
 * @example
 * ```ts
 * api.injectFault({ status: 503, retryAfter: 1, count: 2, operation: 'sessions.list' })
 * ```
 */
export interface Fault {
  /** Answer this 5xx status with an `internal_error`-style envelope… */
  status?: number
  /** …or drop the connection (`HttpResponse.error()` in-process). */
  network?: boolean
  /** Delay before answering (or failing), in ms. */
  latency?: number
  /** `Retry-After` header value, in seconds, for a status fault. */
  retryAfter?: number
  /** How many matching requests it applies to. Default 1. */
  count?: number
  /** Only requests of this operation. Default: any request under /api/v1. */
  operation?: OperationName
}

/**
 * One request the mock answered, newest last in {@link MockApi.journal}. Never holds the token.
 *
 * @example
 * ```ts
 * const retries = api.journal().filter((entry) => entry.operation === 'sessions.list').length
 * ```
 */
export interface JournalEntry {
  method: string
  /** Path without the query string, e.g. `/api/v1/sessions`. */
  path: string
  query: string
  operation?: OperationName
  statusCode: number
  /** Error code when the answer was an error. */
  code?: string
  /** ISO 8601 timestamp of the answer, from the mock's clock. */
  at: string
}

/**
 * A request that a transport answered itself, before any handler saw it (see
 * {@link MockApi.recordAnswer}).
 *
 * @example
 * ```ts
 * const refused: TransportAnswer = { method: 'GET', target: '/api/v1/health', statusCode: 403, code: 'forbidden_host' }
 * ```
 */
export interface TransportAnswer {
  method: string
  /** The request target as sent: path and query, e.g. `/api/v1/sessions?limit=5`. */
  target: string
  statusCode: number
  /** Error code of the answer, e.g. `payload_too_large`. */
  code?: string
  /** The operation, when the transport knows it (the proxy does). */
  operation?: OperationName
  /** Where a proxied exchange departed from the contract; kept for {@link MockApi.departures}. */
  departures?: Departure[]
}

/**
 * Progress of one import, as the control surface reports it (D15).
 *
 * @example
 * ```ts
 * const [latest] = api.imports()
 * ```
 */
export type ImportProgress = import('@session-library/schemas').ImportResult & { createdSessionIds: string[] }

/**
 * The mock: MSW handlers for the whole API plus the controls a test or a tool needs.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node'
 * import { createMockApi } from '@session-library/mock-server'
 * const api = createMockApi()
 * const server = setupServer(...api.handlers)
 * server.listen()
 * api.setMode('read-only')
 * ```
 */
export interface MockApi {
  /** MSW request handlers: the API under `/api/v1` (any origin) and the control surface under `/__mock`. */
  readonly handlers: RequestHandler[]
  /** The token it accepts. */
  readonly token: string
  /** Sets the configured mode and, optionally, a different effective one (D1). */
  setMode(configured: Mode, effective?: Mode): void
  /** Makes a service answer 501, or available again. */
  setServiceAvailable(service: Service, available: boolean): void
  /** Fixes the clock, or lets it run again with `undefined`. */
  setNow(now: string | Date | undefined): void
  /** The mock's current time. */
  now(): Date
  /** Sets the latency added to every answer, in ms. */
  setLatency(ms: number): void
  /** Injects a fault for the next matching requests. */
  injectFault(fault: Fault): void
  /** Removes every pending fault. */
  clearFaults(): void
  /** Back to the library it started with (seeded or loaded), modes and services as configured, journal emptied. */
  reset(): Promise<void>
  /** Every import started, oldest first. */
  imports(): ImportProgress[]
  /** Requests answered, oldest first (bounded). */
  journal(): JournalEntry[]
  /**
   * Journals a request under /api/v1 that a transport answered outside the handlers — the
   * standalone server's 403 `forbidden_host`, 413 `payload_too_large`, or the 408 of a body that
   * took too long — so that health's `requestCount` and `recentRequests` count it like any other
   * answered request (D17). A target outside /api/v1 is ignored, as the handlers journal none.
   *
   * @example
   * ```ts
   * api.recordAnswer({ method: 'POST', target: '/api/v1/sessions', statusCode: 413, code: 'payload_too_large' })
   * ```
   */
  recordAnswer(answer: TransportAnswer): void
  /** Where the proxied server departed from the contract (`--proxy`), oldest first (bounded). */
  departures(): Departure[]
  /** The whole library, JSON-safe. */
  snapshot(): LibrarySnapshot
  /** Resolves when no import is running. */
  idle(): Promise<void>
  /** Stops background work (import timers) and ends the dashboard's event streams. */
  dispose(): void
}

/**
 * The controls of a {@link MockApi} without its handlers: what the control surface drives.
 *
 * @example
 * ```ts
 * const controls: MockControls = api
 * ```
 */
export type MockControls = Omit<MockApi, 'handlers'>
