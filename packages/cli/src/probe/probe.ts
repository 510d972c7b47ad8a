import { BodyReadStopped, nestedDeeperThan, readBoundedText } from '@session-library/internal'
import {
  type Departure,
  isRecord,
  type Method,
  NOT_JSON,
  type OperationName,
  operationPath,
  parseJsonText,
  routes,
  transportDeparture,
  UNKNOWN_ROUTE,
  validateAnswer,
} from '@session-library/schemas'
import { DEFAULT_MAX_ANSWER_BYTES, NetworkError, type RequestDetails, TimeoutError } from '@session-library/sdk'
import { CliError, EXIT } from '../cmdutil/errors.js'
import type { Target } from './target.js'

/** One request of a check or a clone, relative to the base URL. */
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
  readonly purpose?: string
}

/** The request of an operation, on the session `id` where its path names one. */
export const requestOf = (name: OperationName, id = '', more: Partial<ProbeRequest> = {}): ProbeRequest => ({
  operation: name,
  method: routes[name].method,
  path: operationPath(name as 'sessions.get', { id }),
  ...more,
})

export interface Probed {
  readonly operation: string
  /** `METHOD /path?query`, as sent. */
  readonly request: string
  readonly status: number | undefined
  readonly body: unknown
  readonly departures: Departure[]
  /**
   * Why there was no answer, when there was none, worded as the SDK's errors are (the operation, the
   * method and URL, the reason: `ECONNREFUSED 127.0.0.1:4777`), for a run that stops on it.
   */
  readonly failure?: string
}

export const dataOf = (probed: Probed) => (isRecord(probed.body) ? probed.body.data : undefined)

/** The effective mode a health answer states (D1): only `full-automation` takes writes. */
export const effectiveModeOf = (health: Probed) => {
  const data = dataOf(health)
  return isRecord(data) ? data.effectiveMode : undefined
}

/** `METHOD /path?query`: a request as a report names it. */
export const requestLine = (method: string, path: string, query?: string) =>
  `${method} ${path}${query ? `?${query}` : ''}`

/** The health a check or a replay starts from: no answer stops the run (exit 3). */
export function answeredHealth(health: Probed, target: Target): Probed {
  if (health.status === undefined) throw new CliError(health.failure ?? `${target.baseUrl}: no answer`, EXIT.network)
  return health
}

// A body that is not JSON is no body to read fields from; its departure says why.
function parsed(text: string): unknown {
  const body = parseJsonText(text)
  return body === NOT_JSON ? undefined : body
}

// No answer, in the SDK's words (one NetworkError and TimeoutError message for every command); the
// departure keeps the short reason of a timeout or an oversized answer, as the report lists it.
function failure(error: unknown, request: RequestDetails, timeout: number): [string, string] {
  const where = `(${request.method} ${request.url.replace(/\?.*$/, '')})`
  if (error instanceof BodyReadStopped) {
    const detail = `an answer larger than ${error.limit} bytes`
    return [detail, `${request.operation}: ${detail} ${where}`]
  }
  if ((error as Error).name === 'TimeoutError') {
    return [`no answer within ${timeout} ms`, new TimeoutError(timeout, request).message]
  }
  const message = new NetworkError(request, error).message
  return [message, message]
}

/** What every departure of an answer says first: the operation, and the status it answered. */
export const ofAnswer = (operation: string, status: Departure['status']) => ({
  operation,
  direction: 'answer' as const,
  status,
})

function expectation(request: ProbeRequest, status: number, operation: string): Departure[] {
  if (request.expect === undefined || request.expect === status) return []
  const detail = `is not the status this request must get (${request.purpose ?? 'an error case'})`
  return [
    {
      ...ofAnswer(operation, status),
      path: '(status)',
      rule: 'status',
      detail,
      expected: `${request.expect}`,
      actual: `${status}`,
      severity: 'informational',
    },
  ]
}

// An answer nested deeper than any of the API (a hostile `[[[[…`) is the server's departure, not a
// failure to reach it; it is not walked.
const tooDeep = (operation: string, status: number): Departure => {
  const detail = 'an answer nested too deep to check'
  return { ...ofAnswer(operation, status), path: 'body', rule: 'constraint', detail, severity: 'breaking' }
}

/**
 * Sends one request with plain fetch, within the target's time limit, and checks the answer with
 * the contract's `validateAnswer`. Never rejects: no answer at all is a `transport` departure.
 */
export async function probe(target: Target, request: ProbeRequest): Promise<Probed> {
  const { operation: name, method, path, query, body } = request
  const operation = name ?? UNKNOWN_ROUTE
  const shown = requestLine(method, path, query)
  const headers: Record<string, string> = { Authorization: `Bearer ${request.token ?? target.token}` }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const url = `${target.baseUrl}${path}${query ? `?${query}` : ''}`
  try {
    const response = await fetch(url, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(target.timeout),
    })
    const text = await readBoundedText(response.body, { limit: target.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES })
    const { status } = response
    const checked = nestedDeeperThan(text)
      ? undefined
      : validateAnswer({ operation: name, status, headers: response.headers, text })
    const departures = [...expectation(request, status, operation), ...(checked ?? [tooDeep(operation, status)])]
    return { operation, request: shown, status, body: checked ? parsed(text) : undefined, departures }
  } catch (error) {
    const sent = { operation: operation as OperationName, method, path: new URL(url).pathname, url }
    const [detail, failed] = failure(error, sent, target.timeout)
    const departures = [transportDeparture(operation, detail)]
    return { operation, request: shown, status: undefined, body: undefined, departures, failure: failed }
  }
}
