import { UsageError } from '@session-library/internal'
import { API_PREFIX, isRecord, matchOperation, type RecordedExchange, type Recording } from '@session-library/schemas'
import type { Command } from '../../cmdutil/command.js'
import { mayDiffer } from './differences.js'

type State = { name: string; params?: Record<string, unknown> }

/** What an interaction assumes of the provider, as Pact's provider states (each with its params). */
function statesOf(exchange: RecordedExchange, first: boolean): State[] {
  const { configuredMode, effectiveMode, unavailable, statusCode } = exchange
  const id = matchOperation(exchange.method, exchange.path.slice(API_PREFIX.length)).params?.id
  return [
    ...(first || exchange.seq === 1 ? [{ name: 'the library as the mock starts' }] : []),
    ...(effectiveMode === 'full-automation' && configuredMode === effectiveMode
      ? []
      : [{ name: `the server is in ${effectiveMode} mode`, params: { configuredMode, effectiveMode } }]),
    ...(unavailable.length > 0 ? [{ name: 'these services are unavailable', params: { unavailable } }] : []),
    ...(id === undefined
      ? []
      : [
          {
            name: `${statusCode === 404 ? 'no' : 'a'} session with this id exists`,
            params: { id: decodeURIComponent(id) },
          },
        ]),
  ]
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
    description: `${index + 1}: ${method} ${path}${query ? `?${query}` : ''} (${exchange.operation ?? 'unknown route'})`,
    providerStates: statesOf(exchange, index === 0),
    pending: false,
    request: {
      method,
      path,
      ...(query && { query: Object.fromEntries(groups(new URLSearchParams(query))) }),
      ...(request.body !== undefined && { headers: JSON_TYPE, body: jsonBody(request.body) }),
    },
    response: {
      status: statusCode,
      ...(answer.body !== undefined && { headers: JSON_TYPE, body: jsonBody(answer.body) }),
      ...(Object.keys(rules).length > 0 && { matchingRules: { body: rules } }),
    },
  }
}

function groups(params: URLSearchParams): Map<string, string[]> {
  const grouped = new Map<string, string[]>()
  for (const [key, value] of params) grouped.set(key, [...(grouped.get(key) ?? []), value])
  return grouped
}

/**
 * A recording as a Pact V4 file: an interaction per request the mock answered (neither a dropped
 * connection, a 401 nor a cut body: the recording cannot say them again), the mock's answer, provider
 * states for what it assumed, and type matchers where providers differ by design.
 */
export function pactOf(recording: Recording, names: { consumer: string; provider: string }) {
  const exportable = recording.exchanges.filter(
    (exchange) =>
      exchange.statusCode > 0 &&
      exchange.statusCode !== 401 &&
      !exchange.request.truncated &&
      !exchange.answer.truncated,
  )
  return {
    consumer: { name: names.consumer },
    provider: { name: names.provider },
    interactions: exportable.map(interaction),
    metadata: { pactSpecification: { version: '4.0' } },
  }
}

export const pact: Command = {
  words: ['pact'],
  json: true,
  summary: 'Export a recording of the mock as a Pact V4 file',
  description:
    'Prints the recording as a Pact V4 file (JSON) for a Pact verifier or broker: each request the mock ' +
    'answered, its answer, provider states (the library as the mock starts, a session with this id ' +
    'exists, the mode and the services unavailable) and type matchers on ids, timestamps and made paths. ' +
    'The token is not in it: give the verifier the Authorization header.',
  positionals: [{ name: 'recording', description: 'The recording file.', file: true }],
  flags: () => ({
    consumer: { type: 'string', value: '<name>', description: 'The consumer: your tool.' },
    provider: { type: 'string', value: '<name>', description: 'The provider (default: session-library).' },
  }),
  examples: ['session-library pact recording.json --consumer my-tool > pacts/my-tool-session-library.json'],
  async run({ values, positionals, output }) {
    const [file] = positionals
    const { consumer, provider = 'session-library' } = values
    if (file === undefined) throw new UsageError('missing <recording>', ['pact'])
    if (typeof consumer !== 'string' || consumer === '') throw new UsageError('missing --consumer <name>', ['pact'])
    const { readRecording } = await import('./recording-file.js')
    await output.data(pactOf(await readRecording(file), { consumer, provider: String(provider) }))
  },
}
