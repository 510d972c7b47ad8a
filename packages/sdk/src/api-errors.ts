import type { ERRORS, KnownErrorCode } from '@session-library/schemas'
import { type ErrorCode, type RequestDetails, SessionLibraryError } from './errors.js'

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
  /** The answer's headers. */
  headers?: Headers
}

/**
 * The server answered with an error status. `message` is the server's message when the body is the
 * API's envelope, else the status line and what the body said (a problem+json `title`/`detail`, a
 * plain-text body's first line); `code` is the envelope's code (`unknown_error` without one).
 * `headers` are the answer's.
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
  /** The answer's headers (empty when the error was built without them). */
  readonly headers: Headers

  constructor(details: ApiErrorDetails & { code: Code }, request: RequestDetails) {
    super(details.message, request)
    this.status = details.status
    this.code = details.code
    this.body = details.body
    this.retryAfter = details.retryAfter
    this.headers = details.headers ?? new Headers()
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

const classes = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  501: NotImplementedError,
} as const

// The statuses of known codes without a class of their own: what `createApiError` builds for them.
type StatusClasses = typeof classes & {
  408: typeof ApiError
  431: typeof ApiError
  500: typeof ServerError
  503: typeof ServerError
}

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
