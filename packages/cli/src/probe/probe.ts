import {
  type Departure,
  type Method,
  NOT_JSON,
  type OperationName,
  parseJsonText,
  transportDeparture,
  UNKNOWN_ROUTE,
  validateAnswer,
} from '@session-library/schemas'
import { AnswerTooLarge, boundedText, MAX_ANSWER_BYTES } from './bounded-text.js'
import type { Target } from './target.js'

/**
 * One request of a check or a clone, relative to the base URL.
 *
 * @example `const request: ProbeRequest = { operation: 'sessions.list', method: 'GET', path: '/sessions', query: 'limit=1' }`
 */
export interface ProbeRequest {
  /** The operation it calls; `undefined` for a route the contract does not have. */
  readonly operation: OperationName | undefined
  readonly method: Method
  /** Path under `/api/v1`, encoded. */
  readonly path: string
  readonly query?: string
  readonly body?: unknown
  /** Another token than the target's (a check's wrong one). */
  readonly token?: string
  /** The status the request is meant to get, when it is meant to fail (401, 404). */
  readonly expect?: number
  /** Why it is sent, in a few words. */
  readonly purpose?: string
}

/**
 * What one request got: its status (none when there was no answer), the parsed body, and where the
 * answer departs from the contract.
 *
 * @example `if (probed.status === 200) use(probed.body)`
 */
export interface Probed {
  readonly operation: string
  /** `METHOD /path?query`, as sent. */
  readonly request: string
  readonly status: number | undefined
  readonly body: unknown
  readonly departures: Departure[]
}

// A body that is not JSON is no body to read fields from; its departure says why.
function parsed(text: string): unknown {
  const body = parseJsonText(text)
  return body === NOT_JSON ? undefined : body
}

function failure(error: unknown, timeout: number): string {
  if ((error as Error).name === 'TimeoutError') return `no answer within ${timeout} ms`
  if (error instanceof AnswerTooLarge) return error.message
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return `no answer (${cause?.code ?? cause?.message ?? (error as Error).message})`
}

function expectation(request: ProbeRequest, status: number, operation: string): Departure[] {
  if (request.expect === undefined || request.expect === status) return []
  const detail = `is not the status this request must get (${request.purpose ?? 'an error case'})`
  return [
    {
      operation,
      direction: 'answer',
      status,
      path: '(status)',
      rule: 'status',
      detail,
      expected: `${request.expect}`,
      actual: `${status}`,
      severity: 'informational',
    },
  ]
}

/**
 * Sends one request with plain fetch, within the target's time limit, and checks the answer with
 * the contract's `validateAnswer`. Never rejects: no answer at all is a `transport` departure.
 *
 * @example `const probed = await probe(target, { operation: 'health.get', method: 'GET', path: '/health' })`
 */
export async function probe(target: Target, request: ProbeRequest): Promise<Probed> {
  const { operation: name, method, path, query, body } = request
  const operation = name ?? UNKNOWN_ROUTE
  const shown = `${method} ${path}${query ? `?${query}` : ''}`
  const headers: Record<string, string> = { Authorization: `Bearer ${request.token ?? target.token}` }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  try {
    const response = await fetch(`${target.baseUrl}${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(target.timeout),
    })
    const text = await boundedText(response, target.maxAnswerBytes ?? MAX_ANSWER_BYTES)
    const { status } = response
    const departures = [
      ...expectation(request, status, operation),
      ...validateAnswer({ operation: name, status, headers: response.headers, text }),
    ]
    return { operation, request: shown, status, body: parsed(text), departures }
  } catch (error) {
    const departures = [transportDeparture(operation, failure(error, target.timeout))]
    return { operation, request: shown, status: undefined, body: undefined, departures }
  }
}
