import { DEFAULT_BASE_URL } from '@session-library/schemas/client'
import type { HeadersInput } from './headers.js'

/** How a call retries: a number is the `limit`, `false` turns retries off, or a {@link RetryPolicy}. */
export type RetryOption = number | false | RetryPolicy

/** Retry settings; each one left out keeps its default ({@link DEFAULT_RETRY}). */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit?: number
  /** Backoff before the first retry in ms; it doubles on each retry, with jitter. */
  baseDelay?: number
  /** Longest wait between two attempts in ms; a longer `Retry-After` ends the call (its error's `retryAfter`). */
  maxDelay?: number
}

/** The retry defaults: 2 retries, 300 ms base delay, 5 s cap (on backoff and `Retry-After` alike). */
export const DEFAULT_RETRY: Required<RetryPolicy> = { limit: 2, baseDelay: 300, maxDelay: 5_000 }
/** The default timeout of one attempt, in ms: 10,000. */
export const DEFAULT_TIMEOUT = 10_000
/** The largest success answer read by default: 64 MiB (a page of 500 sessions with long notes fits). */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024
/** Statuses worth another attempt. 501 is not one: a missing service stays missing. */
export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504] as const

/** Options every method takes as its last argument; they override the client's for one call.
 * @example `await client.sessions.get('ses_1', { signal, timeout: 2_000, retry: false })`
 */
export interface CallOptions {
  /** Aborts the call; the method then rejects with the signal's reason. */
  signal?: AbortSignal
  /** Timeout of each attempt in ms, the answer's body included, or `false`. Default {@link DEFAULT_TIMEOUT}. */
  timeout?: number | false
  /** Retry settings of reads and idempotent writes (default {@link DEFAULT_RETRY}); given on a call of
   * `sessions.create`, `sessions.update` or `imports.start`, they allow retries there.
   */
  retry?: RetryOption
  /** Extra request headers. By name whatever its case, a call's header replaces the client's, and either
   * replaces the SDK's own (`Authorization`, `Accept`).
   */
  headers?: HeadersInput
  /** Check answers against the contract's tolerant schemas. Default `true`. */
  validate?: boolean
}

/** The `fetch` the client sends requests with. */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>

/** What a retry hook learns: the request to be repeated, the retry's number and the status that caused it. */
export interface RetryState {
  /** The request about to be sent again. */
  request: Request
  /** The retry's number: 1 for the first retry. */
  retryCount: number
  /** The status that caused the retry; absent after a network error or a timeout. */
  status?: number
}

/** Low-level hooks around each attempt, for what the options do not cover; other results are ignored. */
export interface Hooks {
  /** Run in order before each attempt; a Request returned replaces it, a Response answers it. */
  beforeRequest?: readonly ((request: Request) => unknown)[]
  /** Run in order after each answer; a Response returned is used instead of the one received. */
  afterResponse?: readonly ((request: Request, response: Response) => unknown)[]
  /** Run in order before each retry is sent (to log it, or to refresh a header). */
  beforeRetry?: readonly ((state: RetryState) => unknown)[]
}

/** How much is logged: `debug` (attempts, answers), `info` (calls), `warn` (retries), `error` (failures), `off`. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off'

/** Receives the client's log lines, headers redacted ({@link redactHeaders}); a level without a method goes to
 * `debug`. Node's `console.debug` writes to stdout: `logLevel` alone writes to stderr.
 * @example `new SessionLibrary({ logger: { debug: (message, details) => console.error(message, details) } })`
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

/** Options of the client; those it shares with {@link CallOptions} are each call's default. */
export interface ClientOptions extends Omit<CallOptions, 'signal'> {
  /** Bearer token. Default: `SESSION_LIBRARY_TOKEN` from the environment, where there is one. */
  token?: string
  /** Base URL with `http://` or `https://` and `/api/v1`. Default: `SESSION_LIBRARY_URL`, else {@link DEFAULT_BASE_URL}. */
  baseUrl?: string
  /** The `fetch` to send requests with. Default: the global `fetch` at the time of the call. */
  fetch?: FetchFunction
  /** Low-level hooks around each attempt. */
  hooks?: Hooks
  /** Where log lines go. Default: stderr when `logLevel` is set, else none; a logger alone gets every line. */
  logger?: Logger
  /** How much to log. Default: `SESSION_LIBRARY_LOG` from the environment, where there is one, else `off`. */
  logLevel?: LogLevel
  /** More header names whose values the logger hides (case-insensitive), besides the built-in ones. */
  redact?: readonly string[]
  /** The largest success answer read, in bytes, else a `ResponseValidationError`. Default {@link DEFAULT_MAX_ANSWER_BYTES}. */
  maxAnswerBytes?: number
}

export type ResolvedConfig = ReturnType<typeof resolveConfig>

// In order: a level logs itself and those after it ('off' last: nothing).
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off']

// Browsers have no process; bundlers must not be made to polyfill it.
function environment(name: string): string | undefined {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  return process?.env?.[name] || undefined
}

let warned = false

// A wrong `logLevel` is the caller's mistake; a wrong variable is the environment's: warned of once, then ignored.
function logLevel(options: ClientOptions): LogLevel | undefined {
  const level = options.logLevel ?? environment('SESSION_LIBRARY_LOG')?.toLowerCase()
  if (level === undefined || LOG_LEVELS.includes(level as LogLevel)) return level as LogLevel | undefined
  const problem = `log level must be one of ${LOG_LEVELS.join(', ')}: ${level}`
  if (options.logLevel !== undefined) throw new TypeError(`SessionLibrary: ${problem}`)
  if (!warned) console.warn(`session-library: SESSION_LIBRARY_LOG ignored: ${problem}`)
  warned = true
  return undefined
}

export function resolveConfig(options: ClientOptions) {
  const token = options.token ?? environment('SESSION_LIBRARY_TOKEN')
  if (!token) throw new TypeError('SessionLibrary: no token. Pass { token } or set SESSION_LIBRARY_TOKEN.')
  const baseUrl = (options.baseUrl ?? environment('SESSION_LIBRARY_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  // `localhost:4777/api/v1` parses, as a URL of the scheme `localhost:`: refused here, not retried as a network error.
  if (!/^https?:$/.test(URL.canParse(baseUrl) ? new URL(baseUrl).protocol : ''))
    throw new TypeError(
      `SessionLibrary: baseUrl must be an http:// or https:// URL, such as ${DEFAULT_BASE_URL}: ${baseUrl}`,
    )
  return {
    ...options,
    token,
    baseUrl,
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    validate: options.validate ?? true,
    logLevel: logLevel(options),
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
  }
}

export function retryPolicy(option: RetryOption | undefined, base = DEFAULT_RETRY): Required<RetryPolicy> {
  if (option === false) return { ...base, limit: 0 }
  if (typeof option === 'number') return { ...base, limit: option }
  return { ...base, ...option }
}

/** The wait before retry number `retry` (1 for the first): backoff doubling up to `maxDelay`, half of it
 * random ("equal jitter") so that clients that failed together do not retry together.
 * @example `backoffDelay(2, { limit: 2, baseDelay: 300, maxDelay: 5_000 }, () => 1) // 600`
 */
export function backoffDelay(retry: number, policy: Required<RetryPolicy>, random: () => number = Math.random) {
  const full = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (retry - 1))
  return full / 2 + (random() * full) / 2
}
