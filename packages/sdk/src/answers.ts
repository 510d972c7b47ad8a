import type { Route } from '@session-library/schemas/client'
import { type ApiError, createApiError } from './api-errors.js'
import { type RequestDetails, ResponseValidationError, UNKNOWN_ERROR_CODE } from './errors.js'
import { passes } from './fast-check.js'
import { said } from './said.js'

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
 * operation's tolerant schema (unknown fields and enum values pass): a compiled check first, zod
 * when that cannot vouch for it.
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
  if (!validate || passes(operation.answer.tolerant, body)) return body
  const result = operation.answer.tolerant.safeParse(body)
  if (!result.success) throw new ResponseValidationError(result.error.issues.map(describeIssue), body, request)
  return result.data
}

/**
 * The body of an error answer as ky 2 hands it over (`HTTPError.data`, read already: parsed JSON
 * when the Content-Type says JSON, else text, `undefined` when empty), in {@link readBody}'s form.
 */
function bodyFromData(data: unknown): unknown {
  if (typeof data !== 'string') return data
  if (data === '') return undefined
  try {
    return JSON.parse(data)
  } catch {
    return { [NOT_JSON]: data }
  }
}

/**
 * Turns an error answer into an {@link ApiError}. The API's envelope gives its code and message; a
 * body that is not one (an envelope missing fields, problem+json, plain text) gives the status line
 * followed by what it said, and {@link UNKNOWN_ERROR_CODE} unless it named a code.
 *
 * @example `if (isHTTPError(error)) throw errorFromResponse(error.response, error.data, request)`
 */
export function errorFromResponse(response: Response, data: unknown, request: RequestDetails): ApiError {
  const body = bodyFromData(data)
  const text = rawText(body)
  const { code, message } = said(body, text)
  const statusLine = `HTTP ${response.status} ${response.statusText}`.trim()
  const details = {
    code: code ?? UNKNOWN_ERROR_CODE,
    message: code !== undefined && message !== undefined ? message : [statusLine, message].filter(Boolean).join(': '),
    status: response.status,
    body: text ?? body,
    retryAfter: response.headers.get('retry-after') ?? undefined,
    headers: response.headers,
  }
  return createApiError(details, request)
}
