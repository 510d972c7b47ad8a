import { type ErrorCode, nameClasses, type RequestDetails, SessionLibraryError } from './base.js'

declare const unknownCode: unique symbol

/**
 * The type of a code the contract does not know (a newer server's, or {@link UNKNOWN_ERROR_CODE}).
 * At run time it is the string the server sent; its type is kept apart from the known codes so
 * that `switch (error.code)` narrows them (TypeScript cannot say "any string but these"). Read it
 * with `String(error.code)`, test it with `hasErrorCode(error, 'teapot')`.
 *
 * @example
 * ```ts
 * import { hasErrorCode } from '@session-library/sdk'
 * const { error } = await client.health().safe()
 * if (hasErrorCode(error, 'teapot')) console.log(error.status)
 * ```
 */
export interface UnknownErrorCode {
  /** Marks the type only; no such property exists. */
  readonly [unknownCode]: true
  /** The code as the server sent it. */
  toString(): string
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
  /** The answer's HTTP status. */
  status: number
  /** The code the body named, else {@link UNKNOWN_ERROR_CODE}. */
  code: ErrorCode
  /** The server's message, or the status line and what the body said. */
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
export class ApiError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends SessionLibraryError {
  /** The answer's HTTP status. */
  readonly status: number
  /** The envelope's code, else {@link UNKNOWN_ERROR_CODE}. */
  readonly code: Code
  /** The body as received: parsed JSON when it was JSON, else the text. */
  readonly body: unknown
  /** `Retry-After` of the answer, when it had one. */
  readonly retryAfter: string | undefined
  /** The answer's headers (empty when the error was built without them). */
  readonly headers: Headers

  /** Builds the error from an answer's details. */
  constructor(details: ApiErrorDetails & { code: Code | ErrorCode }, request: RequestDetails) {
    super(details.message, request)
    this.status = details.status
    this.code = details.code as Code
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
export class BadRequestError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 401: the token is missing or wrong (`unauthorized`).
 *
 * @example
 * ```ts
 * import { UnauthorizedError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof UnauthorizedError)
 * ```
 */
export class UnauthorizedError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 403: a write outside full-automation mode (`read_only`), or a host the server refuses.
 *
 * @example
 * ```ts
 * import { ForbiddenError } from '@session-library/sdk'
 * await client.sessions.delete('ses_1').catch((err) => err instanceof ForbiddenError)
 * ```
 */
export class ForbiddenError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 404: an unknown session, preview variant or route (`not_found`).
 *
 * @example
 * ```ts
 * import { NotFoundError } from '@session-library/sdk'
 * await client.sessions.get('nope').catch((err) => err instanceof NotFoundError) // true
 * ```
 */
export class NotFoundError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 413: the request body is too large (`payload_too_large`).
 *
 * @example
 * ```ts
 * import { PayloadTooLargeError } from '@session-library/sdk'
 * await client.notes.set('ses_1', huge).catch((err) => err instanceof PayloadTooLargeError)
 * ```
 */
export class PayloadTooLargeError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * 429: too many requests; retried by default, thrown once the retries are used up.
 *
 * @example
 * ```ts
 * import { RateLimitError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof RateLimitError && err.retryAfter)
 * ```
 */
export class RateLimitError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

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
export class NotImplementedError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

/**
 * Any other 5xx (500, 502, 503, 504 …), thrown once the retries are used up.
 *
 * @example
 * ```ts
 * import { ServerError } from '@session-library/sdk'
 * await client.health().catch((err) => err instanceof ServerError && err.status)
 * ```
 */
export class ServerError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}

nameClasses({
  ApiError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  NotImplementedError,
  ServerError,
})

const classes = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  501: NotImplementedError,
} as const

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
