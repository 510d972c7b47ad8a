import { errorEnvelope, type Route } from '@session-library/schemas/client'
import {
  type ApiError,
  createApiError,
  type RequestDetails,
  ResponseValidationError,
  UNKNOWN_ERROR_CODE,
} from './errors.js'

const NOT_JSON = Symbol('not JSON')

// Bodies are read as text exactly once: `.json()` throws on an empty body and a body can't be read twice.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return { [NOT_JSON]: text }
  }
}

const rawText = (body: unknown) =>
  typeof body === 'object' && body !== null && NOT_JSON in body ? (body[NOT_JSON] as string) : undefined

function fieldPath(path: readonly PropertyKey[]): string {
  let name = ''
  for (const key of path) name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`
  return name || '(answer)'
}

interface Issue {
  readonly code: string
  readonly path: readonly PropertyKey[]
  readonly message: string
  readonly expected?: unknown
}

function describeIssue(issue: Issue): string {
  const rule = issue.code === 'invalid_type' ? `expected ${String(issue.expected)}` : issue.message
  return `${fieldPath(issue.path)}: ${rule}`
}

/**
 * Reads a success answer: parses it once and, when `validate` is on, checks it against the
 * operation's tolerant schema (unknown fields and enum values pass).
 *
 * @example `const data = await readAnswer(response, routes['health.get'], true, request)`
 */
export async function readAnswer(
  response: Response,
  operation: Route,
  validate: boolean,
  request: RequestDetails,
): Promise<unknown> {
  const body = await readBody(response)
  const text = rawText(body)
  if (text !== undefined) throw new ResponseValidationError(['(answer): is not JSON'], text, request)
  if (!validate) return body
  const result = operation.answer.tolerant.safeParse(body)
  if (!result.success) throw new ResponseValidationError(result.error.issues.map(describeIssue), body, request)
  return result.data
}

/**
 * Turns an error answer into an {@link ApiError}: the envelope's code and message when the body is
 * one, else {@link UNKNOWN_ERROR_CODE} with the status line and the raw body.
 *
 * @example `throw await errorFromResponse(response, request)`
 */
export async function errorFromResponse(response: Response, request: RequestDetails): Promise<ApiError> {
  const body = await readBody(response)
  const text = rawText(body)
  const envelope = errorEnvelope.safeParse(body)
  const retryAfter = response.headers.get('retry-after') ?? undefined
  const details = envelope.success
    ? { code: envelope.data.error.code, message: envelope.data.error.message }
    : { code: UNKNOWN_ERROR_CODE, message: `HTTP ${response.status} ${response.statusText}`.trim() }
  return createApiError({ ...details, status: response.status, body: text ?? body, retryAfter }, request)
}
