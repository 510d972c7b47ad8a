import type { HeadersInput } from './headers.js'
/**
 * How a call retries. A number is the `limit`; `false` turns retries off.
 *
 * @example
 * ```ts
 * import type { RetryOption } from '@session-library/sdk'
 * const patient: RetryOption = { limit: 5, baseDelay: 500, maxDelay: 10_000 }
 * ```
 */
export type RetryOption = number | false | RetryPolicy

/**
 * Retry settings; each one left out keeps its default ({@link DEFAULT_RETRY}).
 *
 * @example
 * ```ts
 * import type { RetryPolicy } from '@session-library/sdk'
 * const policy: RetryPolicy = { limit: 3 }
 * ```
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit?: number
  /** Backoff before the first retry in ms; it doubles on each retry, with jitter. */
  baseDelay?: number
  /** Longest wait between two attempts in ms, for backoff and `Retry-After` alike. */
  maxDelay?: number
}

/**
 * The retry defaults: 2 retries, 300 ms base delay, 5 s cap.
 *
 * @example
 * ```ts
 * import { DEFAULT_RETRY } from '@session-library/sdk'
 * DEFAULT_RETRY.limit // 2
 * ```
 */
export const DEFAULT_RETRY: Required<RetryPolicy> = { limit: 2, baseDelay: 300, maxDelay: 5_000 }

/**
 * The default timeout of one attempt, in ms.
 *
 * @example
 * ```ts
 * import { DEFAULT_TIMEOUT } from '@session-library/sdk'
 * DEFAULT_TIMEOUT // 10_000
 * ```
 */
export const DEFAULT_TIMEOUT = 10_000

/**
 * Options every method takes as its last argument; they override the client's for one call.
 *
 * @example
 * ```ts
 * const controller = new AbortController()
 * await client.sessions.get('ses_1', { signal: controller.signal, timeout: 2_000, retry: false })
 * ```
 */
export interface CallOptions {
  /** Aborts the call; the method then rejects with the signal's reason. */
  signal?: AbortSignal
  /** Timeout of each attempt in ms, the answer's body included, or `false` for none. */
  timeout?: number | false
  /**
   * Extra request headers, over the client's (names compared case-insensitively; see
   * {@link ClientOptions.headers} for the rule): a plain object, a `Headers` or `[name, value]` pairs.
   */
  headers?: HeadersInput
  /**
   * Retry settings for this call. Given on `sessions.create`, `sessions.update` or
   * `imports.start`, it also allows retries there, which are otherwise never made.
   */
  retry?: RetryOption
  /** Check the answer against the contract (default: the client's `validate`, `true`). */
  validate?: boolean
}

/**
 * The `fetch` the client sends requests with.
 *
 * @example
 * ```ts
 * import type { FetchFunction } from '@session-library/sdk'
 * const logged: FetchFunction = (request) => { console.log(request.url); return fetch(request) }
 * ```
 */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>

/**
 * What a retry hook learns: the request to be repeated, the retry's number (1 for the first) and
 * the status that caused it (none for a network error).
 *
 * @example
 * ```ts
 * import type { RetryState } from '@session-library/sdk'
 * const log = ({ retryCount, status }: RetryState) => console.log(retryCount, status)
 * ```
 */
export interface RetryState {
  /** The request about to be sent again. */
  request: Request
  /** The retry's number: 1 for the first retry. */
  retryCount: number
  /** The status that caused the retry; absent after a network error or a timeout. */
  status?: number
}

/**
 * Low-level hooks around each attempt, for the rare case the options do not cover. A
 * `beforeRequest` hook may return (or resolve to) a new Request, or a Response to answer without
 * the network; an `afterResponse` hook a Response to use instead. Other results are ignored.
 *
 * @example
 * ```ts
 * const client = new SessionLibrary({ hooks: { beforeRequest: [(request) => { request.headers.set('x-trace', '1') }] } })
 * ```
 */
export interface Hooks {
  /** Run in order before each attempt; a Request returned replaces it, a Response answers it. */
  beforeRequest?: readonly ((request: Request) => unknown)[]
  /** Run in order after each answer; a Response returned is used instead of the one received. */
  afterResponse?: readonly ((request: Request, response: Response) => unknown)[]
  /** Run in order before each retry is sent (to log it, or to refresh a header). */
  beforeRetry?: readonly ((state: RetryState) => unknown)[]
}

/**
 * How much the client logs, from the most to the least: `debug` (each attempt and answer, with
 * redacted headers), `info` (one line per call: method, URL, status), `warn` (each retry),
 * `error` (each call that failed), or `off`.
 *
 * @example
 * ```ts
 * import type { LogLevel } from '@session-library/sdk'
 * const level: LogLevel = 'warn'
 * ```
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off'

/**
 * Receives the client's log lines. Headers come redacted: `Authorization`, `Proxy-Authorization`,
 * `Cookie`, `Set-Cookie`, any name containing `key`, `token` or `secret`, and the names in
 * {@link ClientOptions.redact}. A line of a level the logger has no method for goes to `debug`.
 * `console` fits, but Node's `console.debug` and `console.info` write to stdout: without a logger,
 * `logLevel` (or `SESSION_LIBRARY_LOG`) writes to stderr.
 *
 * @example
 * ```ts
 * const client = new SessionLibrary({ logger: { debug: (message, details) => console.error(message, details) } })
 * ```
 */
export interface Logger {
  /** One event: a short message and its details (method, URL, status, attempt, redacted headers). */
  debug(message: string, details: Record<string, unknown>): void
  /** One call's outcome; `debug` when absent. */
  info?(message: string, details: Record<string, unknown>): void
  /** A retry; `debug` when absent. */
  warn?(message: string, details: Record<string, unknown>): void
  /** A call that failed; `debug` when absent. */
  error?(message: string, details: Record<string, unknown>): void
}

/**
 * Options of the client.
 *
 * @example
 * ```ts
 * import { SessionLibrary } from '@session-library/sdk'
 * const client = new SessionLibrary({ token: 'secret', baseUrl: 'http://127.0.0.1:4777/api/v1', timeout: 5_000 })
 * ```
 */
export interface ClientOptions {
  /** Bearer token. Default: `SESSION_LIBRARY_TOKEN` from the environment, where there is one. */
  token?: string
  /** Base URL including `/api/v1`. Default: `SESSION_LIBRARY_URL`, else {@link DEFAULT_BASE_URL}. */
  baseUrl?: string
  /** Timeout of each attempt in ms, the answer's body included, or `false`. Default {@link DEFAULT_TIMEOUT}. */
  timeout?: number | false
  /** Retry settings of reads and idempotent writes. Default {@link DEFAULT_RETRY}. */
  retry?: RetryOption
  /**
   * Headers sent with every request. One rule for these and a call's `headers`, by name whatever
   * its case: a call's header replaces the client's, and either replaces the SDK's own, including
   * `Authorization` (the token's `Bearer` header) and `Accept`. A plain object, a `Headers` or
   * `[name, value]` pairs.
   */
  headers?: HeadersInput
  /** Check answers against the contract's tolerant schemas. Default `true`. */
  validate?: boolean
  /** The `fetch` to send requests with. Default: the global `fetch` at the time of the call. */
  fetch?: FetchFunction
  /** Low-level hooks around each attempt. */
  hooks?: Hooks
  /**
   * Where log lines go. Default: stderr (`console.error`) when `logLevel` is set, else none.
   * A logger given without a `logLevel` gets every line (`debug`).
   */
  logger?: Logger
  /** How much to log. Default: `SESSION_LIBRARY_LOG` from the environment, where there is one, else `off`. */
  logLevel?: LogLevel
  /** More header names whose values the logger hides (case-insensitive), besides the built-in ones. */
  redact?: readonly string[]
  /**
   * The largest success answer the client reads, in bytes; a longer one (an endless body) stops
   * with a `ResponseValidationError`. Default {@link DEFAULT_MAX_ANSWER_BYTES}.
   */
  maxAnswerBytes?: number
}

/**
 * The largest success answer read by default: 64 MiB (a page of 500 sessions with long notes fits).
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_ANSWER_BYTES } from '@session-library/sdk'
 * DEFAULT_MAX_ANSWER_BYTES // 67_108_864
 * ```
 */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024
