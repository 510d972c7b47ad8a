import { nestedDeeperThan } from '@session-library/internal'
import {
  type Departure,
  type OperationName,
  tokenMask,
  transportDeparture,
  UNKNOWN_ROUTE,
  validateAnswer,
  validateRequest,
} from '@session-library/schemas'
import type { RawStep } from '../../http/answer.js'
import { ApiError, errorText, toResponse } from '../../http/api-error.js'
import { refuseTooDeep, targetUrl } from '../../http/request-view.js'
import { operationAt } from '../../runtime/operation-names.js'
import { type Forwarded, forward, proxyFailure, proxyOrigin } from './forward.js'

/** The start options of the proxy, and secrets to mask besides the token each request sends. */
interface ProxyOptions {
  proxy: string
  proxyTimeout?: number
  proxyMaxBody?: number
  onDeparture?: (departure: Departure) => void
  secrets?: readonly string[]
}

const DEFAULT_TIMEOUT = 10_000
const DEFAULT_PROXY_MAX_BODY = 8 * 1024 * 1024
const decoder = new TextDecoder()

function masked(departure: Departure, mask: (text: string) => string): Departure {
  const entries = Object.entries(departure).map(([key, value]) => [
    key,
    typeof value === 'string' ? mask(value) : value,
  ])
  return Object.fromEntries(entries) as Departure
}

function answerDepartures(operation: OperationName | undefined, answered: Forwarded, origin: string): Departure[] {
  // Nested deeper than the checks follow (D20: the upstream's fault, never a 500): refused before and after.
  const tooDeep = () => proxyFailure(502, `The server at ${origin} answered a body too deeply nested to check.`)
  if (nestedDeeperThan(answered.bytes)) throw tooDeep()
  const text = decoder.decode(answered.bytes)
  try {
    return validateAnswer({ operation, status: answered.status, headers: answered.headers, text })
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep()
    throw error
  }
}

/** The proxy (`--proxy`): the request path's handler step, none of the mock's checks before it; tokens masked (D2). */
export function proxyStep(options: ProxyOptions): RawStep {
  const target = {
    origin: proxyOrigin(options.proxy),
    timeout: options.proxyTimeout ?? DEFAULT_TIMEOUT,
    maxBody: options.proxyMaxBody ?? DEFAULT_PROXY_MAX_BODY,
  }
  return async (view, sent) => {
    const { url, method } = view
    const operation = operationAt(method, url.pathname)
    const body = method === 'GET' || method === 'HEAD' ? undefined : (sent as Uint8Array<ArrayBuffer>)
    if (body) refuseTooDeep(body)
    const departures: Departure[] = operation
      ? validateRequest({ operation, query: url.search, ...(body?.byteLength && { text: decoder.decode(body) }) })
      : []
    let response: Response
    try {
      const answered = await forward(await view.toRequest(), body, target)
      departures.push(...answerDepartures(operation, answered, target.origin))
      const { status, statusText, headers, bytes } = answered
      response = new Response(status === 204 || status === 304 ? null : bytes, { status, statusText, headers })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      departures.push(transportDeparture(operation ?? UNKNOWN_ROUTE, `no answer: ${error.message}`))
      response = toResponse(errorText(error))
    }
    const bearer = view.header('authorization')?.replace(/^bearer\s+/i, '')
    const mask = tokenMask([bearer, ...(options.secrets ?? [])])
    const kept = departures.map((departure) => masked(departure, mask))
    for (const departure of kept) options.onDeparture?.(departure)
    const shown = new URL(targetUrl('http://localhost', mask(`${url.pathname}${url.search}`)))
    return {
      answer: response,
      operation,
      departures: kept,
      target: { path: shown.pathname, query: shown.search.slice(1) },
    }
  }
}
