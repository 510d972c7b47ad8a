import type { JsonBodyType } from 'msw'
import { InvalidInput, NotFound } from '../errors/lookup-errors.js'
import { Superseded } from '../errors/superseded.js'
import type { JsonValue } from '../runtime/journal-bodies.js'
import { ApiError } from './api-error.js'

/**
 * What an error envelope is built from: an {@link ApiError}, or a fault's status and code.
 *
 * @example
 * ```ts
 * const shape: ErrorShape = { status: 429, code: 'rate_limited', message: 'Too many requests.', headers: {} }
 * ```
 */
export interface ErrorShape {
  readonly status: number
  readonly code: string
  readonly message: string
  readonly headers: Record<string, string>
}

/**
 * An answer before it becomes a fetch `Response`: what the pipeline produces. msw's path turns it
 * into a `Response` ({@link toResponse}); the node:http adapter writes it as it is, which spares a
 * `Response` and the web stream its body would become, then be read back from (D4: always JSON).
 *
 * @example
 * ```ts
 * const answer: PlainAnswer = { status: 200, headers: { 'Content-Type': 'application/json' }, text: '{"data":[]}' }
 * ```
 */
export interface PlainAnswer {
  status: number
  headers: Record<string, string>
  text: string
  /** What the journal keeps instead of `text`: the value it was made from, when that cannot change (see `keptJson`). */
  source?: JsonValue
}

/**
 * A JSON answer, already serialized, with the given status (D4: always `application/json`).
 *
 * @example
 * ```ts
 * jsonText(200, '{"data":{"id":"ses_1","tags":[]}}')
 * ```
 */
export function jsonText(status: number, text: string, headers: Record<string, string> = {}): PlainAnswer {
  return { status, headers: { ...headers, 'Content-Type': 'application/json' }, text }
}

/**
 * The error envelope `{error: {status, code, message}}` of an {@link ApiError} (D4), as a
 * {@link PlainAnswer}.
 *
 * @example
 * ```ts
 * errorText(new ApiError('read_only')).status // 403
 * ```
 */
export function errorText(error: ErrorShape): PlainAnswer {
  const { status, code, message } = error
  return jsonText(status, JSON.stringify({ error: { status, code, message } }), error.headers)
}

/**
 * The fetch `Response` of a {@link PlainAnswer}. A plain `Response`: msw's `HttpResponse.json` also
 * measures the body through a `Blob`, which was a tenth of a by-id request.
 *
 * @example
 * ```ts
 * toResponse(jsonText(200, '{"data":[]}')).status // 200
 * ```
 */
export function toResponse(answer: PlainAnswer): Response {
  return new Response(answer.text, { status: answer.status, headers: answer.headers })
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
  return toResponse(jsonText(status, JSON.stringify(body), headers))
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
  return toResponse(errorText(error))
}

/**
 * The answer of what a handler or the layers below it threw: an {@link ApiError} as it is, the
 * store's {@link NotFound} as 404 `not_found` with SPEC's text, an {@link InvalidInput} as 400
 * `invalid_json`, and anything else as the 500 of D4 with a generic message, never the exception's
 * (which goes to health's `lastError` instead).
 *
 * @example
 * ```ts
 * const error = asApiError(caught)
 * ```
 */
export function asApiError(caught: unknown): ApiError {
  if (caught instanceof ApiError) return caught
  if (caught instanceof NotFound) return new ApiError('not_found', caught.message)
  if (caught instanceof InvalidInput) return new ApiError('invalid_json', caught.message)
  if (caught instanceof Superseded) return new ApiError('internal_error', caught.message)
  return new ApiError('internal_error')
}

/**
 * Whether an exception is one the API answers as such (not a bug): its message is the answer's.
 *
 * @example
 * ```ts
 * answered(new NotFound('session')) // true
 * ```
 */
export function answered(caught: unknown): boolean {
  return caught instanceof ApiError || caught instanceof NotFound || caught instanceof InvalidInput
}
