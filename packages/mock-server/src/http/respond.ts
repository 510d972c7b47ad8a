import type { JsonBodyType } from 'msw'
import { ApiError } from './api-error.js'

/**
 * A JSON answer, already serialized, with the given status (D4: always `application/json`). A
 * plain `Response`: msw's `HttpResponse.json` also measures the body through a `Blob` for a
 * Content-Length that the node:http adapter drops anyway, which was a tenth of a by-id request.
 *
 * @example
 * ```ts
 * jsonTextAnswer(200, '{"data":{"id":"ses_1","tags":[]}}')
 * ```
 */
export function jsonTextAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...headers, 'Content-Type': 'application/json' } })
}

/**
 * A JSON answer with the given status (D4: always `application/json`).
 *
 * @example
 * ```ts
 * jsonAnswer(200, { data: { id: 'ses_1', tags: [] } })
 * ```
 */
export function jsonAnswer(status: number, body: JsonBodyType, headers: Record<string, string> = {}): Response {
  return jsonTextAnswer(status, JSON.stringify(body), headers)
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
