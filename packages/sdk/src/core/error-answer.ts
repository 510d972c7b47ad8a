import { NOT_JSON, parseJsonText } from '@session-library/schemas/client'
import { type ApiError, createApiError } from '../errors/api-error.js'
import { type RequestDetails, UNKNOWN_ERROR_CODE } from '../errors/base.js'
import { describeErrorBody } from './error-body.js'

/**
 * The body of an error answer as ky 2 hands it over (`HTTPError.data`, read already: parsed JSON
 * when the Content-Type says JSON, else text, `undefined` when empty), parsed where it is JSON text,
 * with the token masked wherever a server echoed it; `text` is set where it is not JSON.
 */
function bodyFromData(data: unknown, mask: (text: string) => string): { body: unknown; text?: string } {
  if (typeof data === 'string') {
    const text = mask(data)
    const body = parseJsonText(text)
    return body === NOT_JSON ? { body: text, text } : { body }
  }
  if (data === undefined) return { body: undefined }
  const text = JSON.stringify(data)
  const masked = mask(text)
  return { body: masked === text ? data : JSON.parse(masked) }
}

/**
 * Turns an error answer into an {@link ApiError}. The API's envelope gives its code and message; a
 * body that is not one (an envelope missing fields, problem+json, plain text) gives the status line
 * followed by what it said, and {@link UNKNOWN_ERROR_CODE} unless it named a code. `mask` hides the
 * token in the body and so in the message, should a server echo it.
 *
 * @example `if (isHTTPError(error)) throw errorFromResponse(error.response, error.data, request, mask)`
 */
export function errorFromResponse(
  response: Response,
  data: unknown,
  request: RequestDetails,
  mask: (text: string) => string,
): ApiError {
  const { body, text } = bodyFromData(data, mask)
  const { code, message } = describeErrorBody(body, text)
  const statusLine = `HTTP ${response.status} ${response.statusText}`.trim()
  const details = {
    code: code ?? UNKNOWN_ERROR_CODE,
    message: code !== undefined && message !== undefined ? message : [statusLine, message].filter(Boolean).join(': '),
    status: response.status,
    body,
    retryAfter: response.headers.get('retry-after') ?? undefined,
    headers: response.headers,
  }
  return createApiError(details, request)
}
