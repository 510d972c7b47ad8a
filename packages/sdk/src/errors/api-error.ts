import type { ERRORS, KnownErrorCode } from '@session-library/schemas/client'
import { type ErrorCode, nameClasses, type RequestDetails, SessionLibraryError } from './base.js'

declare const unknownCode: unique symbol

/** The type of a code the contract does not know: the server's string at run time, kept apart from
 * the known codes so that `switch (error.code)` narrows them. Test it with `hasErrorCode(error, 'teapot')`.
 */
export interface UnknownErrorCode {
  /** Marks the type only; no such property exists. */
  readonly [unknownCode]: true
  /** The code as the server sent it. */
  toString(): string
}

/** What an {@link ApiError} is built from: the answer's status and what its body said. */
export interface ApiErrorDetails
  extends Pick<ApiError, 'status' | 'code' | 'body'>,
    Partial<Pick<ApiError, 'retryAfter' | 'hint' | 'headers'>> {
  /** The server's message, or the status line and what the body said (the error's `serverMessage`). */
  message: string
}

/** The server answered with an error status: `code` and `serverMessage` from the API's envelope, else
 * the status line and what the body said (problem+json `title`/`detail`, a text body's first line).
 * `message` is `<status> <code>: <serverMessage> (<operation> <METHOD> <path>)`, then ` — <hint>`.
 * @example `await client.sessions.get('nope').catch((err) => err instanceof ApiError && err.status)`
 */
export class ApiError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends SessionLibraryError {
  /** The answer's HTTP status. */
  readonly status: number
  /** The envelope's code, else {@link UNKNOWN_ERROR_CODE}. */
  readonly code: Code
  /** The body as received: parsed JSON when it was JSON, else the text. */
  readonly body: unknown
  /** The server's message alone, or the status line and what the body said. */
  readonly serverMessage: string
  /** What to try, when the SDK can tell: a 404 at a base URL without `/api/v1` (add it), a `Retry-After`. */
  readonly hint: string | undefined
  /** `Retry-After` of the answer in seconds (a date counted from now), when it had one. */
  readonly retryAfter: number | undefined
  /** The answer's headers (empty when the error was built without them). */
  readonly headers: Headers

  /** Builds the error from an answer's details. */
  constructor(details: ApiErrorDetails & { code: Code | ErrorCode }, request: RequestDetails) {
    const { status, code, message, hint } = details
    const where = `${request.operation} ${request.method} ${request.path}`
    super(`${status} ${code}: ${message} (${where})${hint ? ` — ${hint}` : ''}`, request)
    this.serverMessage = message
    this.hint = hint
    this.status = status
    this.code = details.code as Code
    this.body = details.body
    this.retryAfter = details.retryAfter
    this.headers = details.headers ?? new Headers()
  }
}

/** 400: the request was rejected (`invalid_json`: bad JSON or a field that breaks a rule). */
export class BadRequestError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** 401: the token is missing or wrong (`unauthorized`). */
export class UnauthorizedError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** 403: a write outside full-automation mode (`read_only`), or a host the server refuses. */
export class ForbiddenError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** 404: an unknown session, preview variant or route (`not_found`). */
export class NotFoundError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** 413: the request body is too large (`payload_too_large`). */
export class PayloadTooLargeError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** 429: too many requests; retried after `Retry-After` when it is within `maxDelay`, else thrown at once. */
export class RateLimitError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** 501: a service is not available in the server's runtime (`waveform_unavailable`…). Never retried. */
export class NotImplementedError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/** Any other 5xx (500, 502, 503, 504 …), thrown once the retries are used up. */
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

/** Builds the error that matches an answer's status (a {@link NotFoundError} for 404…). */
export function createApiError(details: ApiErrorDetails, request: RequestDetails): ApiError {
  const known = classes[details.status as keyof typeof classes]
  const Class = known ?? (details.status >= 500 ? ServerError : ApiError)
  return new Class(details, request)
}

interface ClassOfStatus<Code extends ErrorCode> extends Record<500 | 502 | 503 | 504, ServerError<Code>> {
  400: BadRequestError<Code>
  401: UnauthorizedError<Code>
  403: ForbiddenError<Code>
  404: NotFoundError<Code>
  413: PayloadTooLargeError<Code>
  429: RateLimitError<Code>
  501: NotImplementedError<Code>
}

type StatusOf<Code extends KnownErrorCode> = (typeof ERRORS)[Code]['status']

/** The error a known code comes with: `ApiErrorOf<'read_only'>` is a `ForbiddenError` whose `status` is `403`. */
export type ApiErrorOf<Code extends KnownErrorCode> = (StatusOf<Code> extends keyof ClassOfStatus<Code>
  ? ClassOfStatus<Code>[StatusOf<Code>]
  : ApiError<Code>) & {
  /** The status the contract gives this code. */
  readonly status: StatusOf<Code>
}

/** Whether `err` is an {@link ApiError}. */
export function isApiError(err: unknown): err is ApiError
/** Whether `err` is an {@link ApiError} with this code of the contract (an unknown one does not
 * compile: see {@link hasErrorCode}); narrows to its class and status.
 * @example `if (isApiError(err, 'not_found')) console.log(err.status) // 404`
 */
export function isApiError<Code extends KnownErrorCode>(err: unknown, code: Code): err is ApiErrorOf<Code>
export function isApiError(err: unknown, code?: string): boolean {
  return hasErrorCode(err, code)
}

/** Whether `err` is an {@link ApiError} with this code, any string: for a code the contract does not
 * know (prefer {@link isApiError}, which checks the spelling).
 * @example `if (hasErrorCode(err, 'conflict')) console.log(err.message)`
 */
export function hasErrorCode<Code extends string>(err: unknown, code: Code): err is ApiError<Code>
/** Whether `err` is an {@link ApiError} (with this code, when one is given). */
export function hasErrorCode(err: unknown, code?: string): boolean
export function hasErrorCode(err: unknown, code?: string): boolean {
  return err instanceof ApiError && (code === undefined || err.code === code)
}
