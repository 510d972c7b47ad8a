import { nameClasses, type RequestDetails, SessionLibraryError } from './base.js'
import { describeCause } from './network-cause.js'

// Where a request went, for a reader: the method and the URL without its query (origin + path).
function target(request: RequestDetails): string {
  return `${request.method} ${new URL(request.url).origin}${request.path}`
}

/**
 * The request never got an answer: connection refused or reset, DNS failure, CORS refusal. The
 * message names the method, the URL (origin and path) and the platform's reason
 * (`ECONNREFUSED 127.0.0.1:4777`, `ENOTFOUND host`); `causeCode` holds the platform's code and
 * `cause` its error.
 *
 * @example
 * ```ts
 * import { NetworkError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof NetworkError && err.causeCode) // 'ECONNREFUSED'
 * ```
 */
export class NetworkError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'network_error'
  /** The platform's error code (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`…), when it gave one. */
  readonly causeCode: string | undefined

  /** Builds the error, and its message, from what the platform threw. */
  constructor(request: RequestDetails, cause: unknown) {
    const { code, reason } = describeCause(cause)
    super(`${request.operation}: network error (${target(request)}): ${reason}`, request, { cause })
    this.causeCode = code
  }
}

/**
 * An attempt took longer than the `timeout` option, the answer's body included. The message names
 * the method, the URL and the length.
 *
 * @example
 * ```ts
 * import { TimeoutError } from '@session-library/sdk'
 * await client.health({ timeout: 50 }).catch((err) => err instanceof TimeoutError)
 * ```
 */
export class TimeoutError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'timeout'
  /** The timeout that ran out, in ms. */
  readonly timeout: number

  /** Builds the error of a request that got no whole answer within `timeout` ms. */
  constructor(timeout: number, request: RequestDetails, message?: string) {
    super(message ?? `${request.operation}: no answer within ${timeout} ms (${target(request)})`, request)
    this.timeout = timeout
  }
}

/**
 * The caller's `signal` aborted the call, whatever its reason: `controller.abort()`,
 * `controller.abort(myReason)` or `AbortSignal.timeout(ms)`. `reason` (also the `cause`) is the
 * signal's reason. Never retried.
 *
 * @example
 * ```ts
 * import { AbortedError } from '@session-library/sdk'
 * await client.health({ signal: AbortSignal.timeout(1_000) }).catch((err) => err instanceof AbortedError && err.reason)
 * ```
 */
export class AbortedError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'aborted'
  /** The signal's reason: a DOMException named `AbortError` or `TimeoutError`, or what you passed. */
  readonly reason: unknown

  /** Builds the error of a call the caller's signal ended. */
  constructor(reason: unknown, request: RequestDetails) {
    const said = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)
    const message = `${request.operation}: aborted by the caller's signal (${request.method} ${request.path}): ${said}`
    super(message, request, { cause: reason })
    this.reason = reason
  }
}

nameClasses({ NetworkError, TimeoutError, AbortedError })
