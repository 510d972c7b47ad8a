import type { ERRORS, KnownErrorCode } from '@session-library/schemas/client'
import {
  ApiError,
  type BadRequestError,
  type ForbiddenError,
  type NotFoundError,
  type NotImplementedError,
  type PayloadTooLargeError,
  type RateLimitError,
  type ServerError,
  type UnauthorizedError,
  type UnknownErrorCode,
} from './api-error.js'
import type { ErrorCode } from './base.js'
import type { AbortedError, NetworkError, TimeoutError } from './no-answer.js'
import type { NoNextPageError } from './no-next-page.js'
import type { ResponseValidationError } from './response-validation.js'

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
 *
 * @example
 * ```ts
 * import type { ApiErrorOf } from '@session-library/sdk'
 * type ReadOnly = ApiErrorOf<'read_only'> // ForbiddenError<'read_only'> & { status: 403 }
 * ```
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
 * import type { CallError } from '@session-library/sdk'
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
 * @example
 * ```ts
 * import { isApiError } from '@session-library/sdk'
 * try { await client.sessions.delete('ses_1') } catch (err) {
 *   if (isApiError(err, 'read_only')) console.log('enable Full Automation:', err.message)
 * }
 * ```
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
 * @example
 * ```ts
 * import { hasErrorCode } from '@session-library/sdk'
 * if (hasErrorCode(err, 'conflict')) console.log('a newer server refused it:', err.message)
 * ```
 */
export function hasErrorCode<Code extends string>(err: unknown, code: Code): err is ApiError<Code>
/**
 * Whether `err` is an {@link ApiError} (with this code, when one is given).
 *
 * @example `hasErrorCode(err, maybeCode)`
 */
export function hasErrorCode(err: unknown, code?: string): boolean
export function hasErrorCode(err: unknown, code?: string): boolean {
  return err instanceof ApiError && (code === undefined || err.code === code)
}
