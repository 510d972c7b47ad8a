import { isRecord, type RecordedExchange, type Recording } from '@session-library/schemas'
import { requestLine } from '../../probe/probe.js'
import { mayDiffer } from './differences.js'
import { notRepeatable, sessionIdOf } from './recording-file.js'

type State = { name: string; params?: Record<string, unknown> }

/** What an interaction assumes of the provider, as Pact's provider states (each with its params). */
function statesOf(exchange: RecordedExchange, first: boolean): State[] {
  const { configuredMode, effectiveMode, unavailable, statusCode } = exchange
  const id = sessionIdOf(exchange)
  const states: (State | false)[] = [
    (first || exchange.seq === 1) && { name: 'the library as the mock starts' },
    (effectiveMode !== 'full-automation' || configuredMode !== effectiveMode) && {
      name: `the server is in ${effectiveMode} mode`,
      params: { configuredMode, effectiveMode },
    },
    unavailable.length > 0 && { name: 'these services are unavailable', params: { unavailable } },
    id !== undefined && {
      name: `${statusCode === 404 ? 'no' : 'a'} session with this id exists`,
      params: { id },
    },
  ]
  return states.filter((state) => state !== false)
}

// A type matcher where a value may differ from one provider to another (ids, timestamps, made paths).
function matchingRules(value: unknown, path = '$', key?: string): Record<string, unknown> {
  if (value !== null && mayDiffer(key, value)) return { [path]: { combine: 'AND', matchers: [{ match: 'type' }] } }
  if (Array.isArray(value))
    return Object.assign({}, ...value.map((item, index) => matchingRules(item, `${path}[${index}]`, key)))
  if (!isRecord(value)) return {}
  return Object.assign({}, ...Object.entries(value).map(([name, item]) => matchingRules(item, `${path}.${name}`, name)))
}

const jsonBody = (content: unknown) => ({ content, contentType: 'application/json', encoded: false })
const JSON_TYPE = { 'Content-Type': ['application/json'] }

function interaction(exchange: RecordedExchange, index: number) {
  const { method, path, query, request, answer, statusCode } = exchange
  const rules = matchingRules(answer.body)
  return {
    type: 'Synchronous/HTTP',
    description: `${index + 1}: ${requestLine(method, path, query)} (${exchange.operation ?? 'unknown route'})`,
    providerStates: statesOf(exchange, index === 0),
    pending: false,
    request: {
      method,
      path,
      ...(query && { query: queryOf(new URLSearchParams(query)) }),
      ...(request.body !== undefined && { headers: JSON_TYPE, body: jsonBody(request.body) }),
    },
    response: {
      status: statusCode,
      ...(answer.body !== undefined && { headers: JSON_TYPE, body: jsonBody(answer.body) }),
      ...(Object.keys(rules).length > 0 && { matchingRules: { body: rules } }),
    },
  }
}

const queryOf = (params: URLSearchParams) =>
  Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)]))

/** A recording as a Pact V4 file, as the `pact` command describes it: an interaction per request it can say again. */
export function pactOf(recording: Recording, names: { consumer: string; provider: string }) {
  return {
    consumer: { name: names.consumer },
    provider: { name: names.provider },
    interactions: recording.exchanges.filter((exchange) => !notRepeatable(exchange)).map(interaction),
    metadata: { pactSpecification: { version: '4.0' } },
  }
}
