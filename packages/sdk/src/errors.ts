import type { KnownErrorCode, OpenString, OperationName } from '@session-library/schemas'

/**
 * An error code of the API: one the contract knows, or any other string a newer server sends.
 *
 * @example
 * ```ts
 * import type { ErrorCode } from '@session-library/sdk'
 * const code: ErrorCode = 'read_only'
 * ```
 */
export type ErrorCode = OpenString<KnownErrorCode>

/**
 * The code an {@link ApiError} carries when the answer was not the API's error envelope
 * (e.g. an HTML page from a proxy).
 *
 * @example
 * ```ts
 * import { UNKNOWN_ERROR_CODE, isApiError } from '@session-library/sdk'
 * if (isApiError(err, UNKNOWN_ERROR_CODE)) console.log(err.status, err.body)
 * ```
 */
export const UNKNOWN_ERROR_CODE = 'unknown_error'

/**
 * Base class of every error the SDK throws: answers with an error status ({@link ApiError} and its
 * subclasses), no answer ({@link NetworkError}, {@link TimeoutError}), the caller's abort
 * ({@link AbortedError}) and an answer that breaks the contract ({@link ResponseValidationError}).
 *
 * @example
 * ```ts
 * import { SessionLibraryError } from '@session-library/sdk'
 * try { await client.health() } catch (err) { if (err instanceof SessionLibraryError) console.log(err.operation) }
 * ```
 */
export class SessionLibraryError extends Error {
  /** The operation of the contract, e.g. `sessions.get`. */
  readonly operation: OperationName
  /** HTTP method of the request. */
  readonly method: string
  /** Path of the request below the host, e.g. `/api/v1/sessions/ses_1`. */
  readonly path: string
  /** Full URL of the request (it never holds the token). */
  readonly url: string

  constructor(message: string, request: RequestDetails, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.operation = request.operation
    this.method = request.method
    this.path = request.path
    this.url = request.url
  }
}

/**
 * What an error knows about the request that failed.
 *
 * @example
 * ```ts
 * import type { RequestDetails } from '@session-library/sdk'
 * const info: RequestDetails = { operation: 'health.get', method: 'GET', path: '/api/v1/health', url: 'http://127.0.0.1:4777/api/v1/health' }
 * ```
 */
export interface RequestDetails {
  operation: OperationName
  method: string
  path: string
  url: string
}

/**
 * The request never got an answer: connection refused or reset, DNS failure, CORS refusal.
 * `cause` holds the platform's error.
 *
 * @example
 * ```ts
 * import { NetworkError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof NetworkError)
 * ```
 */
export class NetworkError extends SessionLibraryError {}

/**
 * An attempt took longer than the `timeout` option.
 *
 * @example
 * ```ts
 * import { TimeoutError } from '@session-library/sdk'
 * await client.health({ timeout: 50 }).catch((err) => err instanceof TimeoutError)
 * ```
 */
export class TimeoutError extends SessionLibraryError {
  /** The timeout that ran out, in ms. */
  readonly timeout: number

  constructor(timeout: number, request: RequestDetails) {
    super(`${request.operation}: no answer within ${timeout} ms (${request.method} ${request.path})`, request)
    this.timeout = timeout
  }
}

/**
 * A success answer that does not match the contract's tolerant schema. `issues` name each field
 * path; turn validation off with `validate: false`.
 *
 * @example
 * ```ts
 * import { ResponseValidationError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof ResponseValidationError && err.issues)
 * ```
 */
export class ResponseValidationError extends SessionLibraryError {
  /** One line per problem: `data.title: expected string`. */
  readonly issues: readonly string[]
  /** The body as received. */
  readonly body: unknown

  constructor(issues: readonly string[], body: unknown, request: RequestDetails) {
    super(`${request.operation}: the answer does not match the contract: ${issues.join('; ')}`, request)
    this.issues = issues
    this.body = body
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
  /** The signal's reason: a DOMException named `AbortError` or `TimeoutError`, or what you passed. */
  readonly reason: unknown

  constructor(reason: unknown, request: RequestDetails) {
    super(
      `${request.operation}: aborted by the caller's signal (${request.method} ${request.path}): ${describe(reason)}`,
      request,
      {
        cause: reason,
      },
    )
    this.reason = reason
  }
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`
  return String(reason)
}
