import { HttpResponse, type JsonBodyType } from 'msw'
import { ApiError } from './api-error.js'

/**
 * A JSON answer with the given status (D4: always `application/json`).
 *
 * @example
 * ```ts
 * jsonAnswer(200, { data: { id: 'ses_1', tags: [] } })
 * ```
 */
export function jsonAnswer(status: number, body: JsonBodyType, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body, { status, headers })
}

/**
 * The error envelope `{error: {status, code, message}}` of an {@link ApiError} (D4).
 *
 * @example
 * ```ts
 * errorAnswer(new ApiError('read_only'))
 * ```
 */
export function errorAnswer(error: ApiError): Response {
  const { status, code, message } = error
  return jsonAnswer(status, { error: { status, code, message } }, error.headers)
}

/**
 * The 500 of D4 for an exception that was not an {@link ApiError}: a generic message, never the
 * exception's (which goes to health's `lastError` instead).
 *
 * @example
 * ```ts
 * const error = asApiError(caught)
 * ```
 */
export function asApiError(caught: unknown): ApiError {
  return caught instanceof ApiError ? caught : new ApiError('internal_error')
}
