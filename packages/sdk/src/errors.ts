import type { ERRORS, KnownErrorCode, OpenString, OperationName } from '@session-library/schemas'

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
 * Base class of every error the SDK throws (an abort rethrows the abort reason instead).
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
 * What an {@link ApiError} is built from: the answer's status and what its body said.
 *
 * @example
 * ```ts
 * import type { ApiErrorDetails } from '@session-library/sdk'
 * const details: ApiErrorDetails = { status: 404, code: 'not_found', message: 'session not found', body: {} }
 * ```
 */
export interface ApiErrorDetails {
  status: number
  code: ErrorCode
  message: string
  /** The body as received: parsed JSON when it was JSON, else the text. */
  body: unknown
  /** `Retry-After` of the answer, when it had one. */
  retryAfter?: string
}

/**
 * The server answered with an error status. `message` is the server's message; `code` its code
 * ({@link UNKNOWN_ERROR_CODE} when the body was not the API's envelope).
 *
 * @example
 * ```ts
 * import { ApiError } from '@session-library/sdk'
 * try { await client.sessions.get('nope') } catch (err) { if (err instanceof ApiError) console.log(err.status, err.code) }
 * ```
 */
export class ApiError<Code extends ErrorCode = ErrorCode> extends SessionLibraryError {
  readonly status: number
  readonly code: Code
  readonly body: unknown
  readonly retryAfter: string | undefined

  constructor(details: ApiErrorDetails & { code: Code }, request: RequestDetails) {
    super(details.message, request)
    this.status = details.status
    this.code = details.code
    this.body = details.body
    this.retryAfter = details.retryAfter
  }
}

/**
 * 400: the request was rejected (`invalid_json`: bad JSON or a field that breaks a rule).
 *
 * @example
 * ```ts
 * import { BadRequestError } from '@session-library/sdk'
 * await client.sessions.create({ title: ' ' }).catch((err) => err instanceof BadRequestError) // true
 * ```
 */
export class BadRequestError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 401: the token is missing or wrong (`unauthorized`).
 *
 * @example
 * ```ts
 * import { UnauthorizedError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof UnauthorizedError)
 * ```
 */
export class UnauthorizedError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 403: a write outside full-automation mode (`read_only`), or a host the server refuses.
 *
 * @example
 * ```ts
 * import { ForbiddenError } from '@session-library/sdk'
 * await client.sessions.delete('ses_1').catch((err) => err instanceof ForbiddenError)
 * ```
 */
export class ForbiddenError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 404: an unknown session, preview variant or route (`not_found`).
 *
 * @example
 * ```ts
 * import { NotFoundError } from '@session-library/sdk'
 * await client.sessions.get('nope').catch((err) => err instanceof NotFoundError) // true
 * ```
 */
export class NotFoundError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 413: the request body is too large (`payload_too_large`).
 *
 * @example
 * ```ts
 * import { PayloadTooLargeError } from '@session-library/sdk'
 * await client.notes.set('ses_1', huge).catch((err) => err instanceof PayloadTooLargeError)
 * ```
 */
export class PayloadTooLargeError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 429: too many requests; retried by default, thrown once the retries are used up.
 *
 * @example
 * ```ts
 * import { RateLimitError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof RateLimitError && err.retryAfter)
 * ```
 */
export class RateLimitError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 501: a service is not available in the server's runtime (`waveform_unavailable`,
 * `waveform_notes_unavailable`, `import_unavailable`). Never retried.
 *
 * @example
 * ```ts
 * import { NotImplementedError } from '@session-library/sdk'
 * await client.waveform('ses_1').catch((err) => err instanceof NotImplementedError)
 * ```
 */
export class NotImplementedError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * Any other 5xx (500, 502, 503, 504 …), thrown once the retries are used up.
 *
 * @example
 * ```ts
 * import { ServerError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof ServerError && err.status)
 * ```
 */
export class ServerError<Code extends ErrorCode = ErrorCode> extends ApiError<Code> {}

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

const classes = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  501: NotImplementedError,
} as const

type StatusClasses = typeof classes & { 500: typeof ServerError }

/**
 * The class of error a known code comes with, narrowed to that code.
 *
 * @example
 * ```ts
 * import type { ApiErrorOf } from '@session-library/sdk'
 * type ReadOnly = ApiErrorOf<'read_only'> // ForbiddenError<'read_only'>
 * ```
 */
export type ApiErrorOf<Code extends ErrorCode> = Code extends KnownErrorCode
  ? InstanceType<StatusClasses[(typeof ERRORS)[Code]['status']]> & { readonly code: Code }
  : ApiError<Code>

/**
 * Builds the error that matches an answer's status.
 *
 * @example
 * ```ts
 * import { createApiError } from '@session-library/sdk'
 * const err = createApiError({ status: 404, code: 'not_found', message: 'session not found', body: null }, info)
 * ```
 */
export function createApiError(details: ApiErrorDetails, request: RequestDetails): ApiError {
  const known = classes[details.status as keyof typeof classes]
  const Class = known ?? (details.status >= 500 ? ServerError : ApiError)
  return new Class(details, request)
}

/**
 * Whether `err` is an {@link ApiError}, optionally with this `code`; narrows to the class that
 * code comes with.
 *
 * @example
 * ```ts
 * import { isApiError } from '@session-library/sdk'
 * try { await client.sessions.delete('ses_1') } catch (err) {
 *   if (isApiError(err, 'read_only')) console.log('enable Full Automation:', err.message)
 * }
 * ```
 */
export function isApiError(err: unknown): err is ApiError
export function isApiError<Code extends ErrorCode>(err: unknown, code: Code): err is ApiErrorOf<Code>
export function isApiError(err: unknown, code?: string): boolean {
  return err instanceof ApiError && (code === undefined || err.code === code)
}
