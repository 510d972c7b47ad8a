import type { ERRORS, KnownErrorCode } from '@session-library/schemas/client'
import type { AbortedError } from './aborted-error.js'
import { type ErrorCode, nameClasses, type RequestDetails, SessionLibraryError } from './base.js'
import type { NetworkError } from './network-error.js'
import type { NoNextPageError } from './no-next-page.js'
import type { ResponseValidationError } from './response-validation.js'
import type { TimeoutError } from './timeout-error.js'

declare const unknownCode: unique symbol

/**
 * The type of a code the contract does not know (a newer server's, or {@link UNKNOWN_ERROR_CODE}).
 * At run time it is the string the server sent; its type is kept apart from the known codes so
 * that `switch (error.code)` narrows them (TypeScript cannot say "any string but these"). Read it
 * with `String(error.code)`, test it with `hasErrorCode(error, 'teapot')`.
 */
export interface UnknownErrorCode {
  /** Marks the type only; no such property exists. */
  readonly [unknownCode]: true
  /** The code as the server sent it. */
  toString(): string
}

/** What an {@link ApiError} is built from: the answer's status and what its body said. */
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
 *
 * @example
 * ```ts
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
/** 429: too many requests; retried by default, thrown once the retries are used up. */
export class RateLimitError<Code extends ErrorCode | UnknownErrorCode = ErrorCode> extends ApiError<Code> {}
/**
 * 501: a service is not available in the server's runtime (`waveform_unavailable`,
 * `waveform_notes_unavailable`, `import_unavailable`). Never retried.
 */
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

/**
 * Builds the error that matches an answer's status.
 *
 * @example `createApiError({ status: 404, code: 'not_found', message: 'session not found', body: null }, request)`
 */
export function createApiError(details: ApiErrorDetails, request: RequestDetails): ApiError {
  const known = classes[details.status as keyof typeof classes]
  const Class = known ?? (details.status >= 500 ? ServerError : ApiError)
  return new Class(details, request)
}

// The class `createApiError` builds for each status a known code comes with.
interface ClassOfStatus<Code extends ErrorCode> {
  400: BadRequestError<Code>
  401: UnauthorizedError<Code>
  403: ForbiddenError<Code>
  404: NotFoundError<Code>
  408: ApiError<Code>
  413: PayloadTooLargeError<Code>
  429: RateLimitError<Code>
  431: ApiError<Code>
  500: ServerError<Code>
  501: NotImplementedError<Code>
  502: ServerError<Code>
  503: ServerError<Code>
  504: ServerError<Code>
}

type StatusOf<Code extends KnownErrorCode> = (typeof ERRORS)[Code]['status']

/**
 * The error a known code comes with: the class of its status, with `code` and `status` narrowed
 * to the contract's (`ApiErrorOf<'read_only'>` is a `ForbiddenError` whose `status` is `403`).
 */
export type ApiErrorOf<Code extends KnownErrorCode> = (StatusOf<Code> extends keyof ClassOfStatus<Code>
  ? ClassOfStatus<Code>[StatusOf<Code>]
  : ApiError<Code>) & {
  /** The status the contract gives this code. */
  readonly status: StatusOf<Code>
}

/**
 * Every error a call can settle with, told apart by `code`: one member per code of the contract
 * ({@link ApiErrorOf}), an answer with a code it does not know ({@link UnknownErrorCode}), and the
 * SDK's own (`network_error`, `timeout`, `aborted`, `invalid_answer`, and `no_next_page` from
 * `page.nextPage()` past the last page). What `.safe()` gives.
 *
 * @example
 * ```ts
 * function explain(error: CallError): string {
 *   switch (error.code) {
 *     case 'read_only': return `turn on Full Automation (${error.status})` // ForbiddenError, status 403
 *     case 'network_error': return `no answer: ${error.causeCode}`
 *     default: return error.message
 *   }
 * }
 * ```
 */
export type CallError =
  | { [Code in KnownErrorCode]: ApiErrorOf<Code> }[KnownErrorCode]
  | ApiError<UnknownErrorCode>
  | NetworkError
  | TimeoutError
  | AbortedError
  | ResponseValidationError
  | NoNextPageError

/**
 * Whether `err` is an {@link ApiError}, optionally with one of the codes the contract knows; narrows
 * to the class that code comes with. A code the contract does not know is a compile error here:
 * test it with {@link hasErrorCode}.
 *
 * @example `if (isApiError(err, 'read_only')) console.log('enable Full Automation:', err.message)`
 */
export function isApiError(err: unknown): err is ApiError
/**
 * Whether `err` is an {@link ApiError} with this code of the contract; narrows to its class and status.
 *
 * @example `if (isApiError(err, 'not_found')) console.log(err.status) // 404`
 */
export function isApiError<Code extends KnownErrorCode>(err: unknown, code: Code): err is ApiErrorOf<Code>
export function isApiError(err: unknown, code?: string): boolean {
  return hasErrorCode(err, code)
}

/**
 * Whether `err` is an {@link ApiError} with this code, any string: the way to test a code the
 * contract does not know (a newer server's, or {@link UNKNOWN_ERROR_CODE}). Prefer
 * {@link isApiError} for the contract's codes, which checks the spelling.
 *
 * @example `if (hasErrorCode(err, 'conflict')) console.log('a newer server refused it:', err.message)`
 */
export function hasErrorCode<Code extends string>(err: unknown, code: Code): err is ApiError<Code>
/** Whether `err` is an {@link ApiError} (with this code, when one is given). */
export function hasErrorCode(err: unknown, code?: string): boolean
export function hasErrorCode(err: unknown, code?: string): boolean {
  return err instanceof ApiError && (code === undefined || err.code === code)
}
