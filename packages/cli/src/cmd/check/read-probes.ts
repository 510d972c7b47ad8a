import {
  compareSessions,
  DEFAULT_SORT,
  type Departure,
  isRecord,
  LIMITS,
  type ListedSession,
  missedFilter,
  missingTag,
  type OperationName,
  operationParamNames,
  operationPath,
  operations,
  queryInput,
  type Session,
  type SessionListParams,
  SORT_KEYS,
  sessionFilter,
  sessionListQuery,
} from '@session-library/schemas'
import { ofAnswer, type Probed, type ProbeRequest, requestOf } from '../../probe/probe.js'

/** The facts of the library that the read probes are built from (read from the first list page). */
export interface LibrarySample {
  /** `meta.total` of the list. */
  readonly total: number
  /** A session to read one by one: one with previews when there is one; of its other fields, those it has. */
  readonly session?: Pick<Session, 'id'> & Partial<Pick<Session, 'kind' | 'title' | 'tags' | 'previews'>>
}

/** An id no server hands out, for the 404 probes. */
const UNKNOWN_ID = 'session-library-check-no-such-session'

const reads = operations.filter((operation) => operation.method === 'GET').map(({ name }) => name as OperationName)
const sessionScoped = reads.filter((name) => operationParamNames(name).length > 0)
const param = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`

function listQueries(sample: LibrarySample): string[] {
  const sorts = SORT_KEYS.flatMap((key) => [param('sort', key), param('sort', `-${key}`)])
  const pages = ['limit=1', 'limit=1&offset=1', param('offset', `${sample.total + 10}`)]
  const { session } = sample
  const word = session?.title?.split(/\s+/).find((part) => part.length > 2)
  const filters = [
    'recent=true',
    'recent=false',
    ...(session?.kind ? [param('kind', session.kind), param('daw', session.kind)] : []),
    ...(session?.tags?.[0] ? [param('tags', session.tags[0])] : []),
    ...(word ? [param('q', word)] : []),
  ]
  return [...sorts, ...pages, ...filters]
}

function sessionReads(id: string, previews: readonly { id: string }[]): ProbeRequest[] {
  const variants = previews.map((preview) => requestOf('waveform.get', id, { query: param('variantId', preview.id) }))
  return [...sessionScoped.map((name) => requestOf(name, id)), ...variants]
}

function errorCases(sampleId: string): ProbeRequest[] {
  const wrongToken = { token: 'session-library-check-wrong-token', expect: 401, purpose: 'a wrong token' }
  const unauthorized = reads.map((name) => requestOf(name, sampleId, wrongToken))
  const unknown = { expect: 404, purpose: 'an unknown session' }
  const unknownSession = sessionScoped.map((name) => requestOf(name, UNKNOWN_ID, unknown))
  const unknownRoutes = [
    '/session-library-check-no-such-route',
    `${operationPath('sessions.get', { id: sampleId })}/waveform-notes`,
  ]
  // GETs, as health's, of no operation.
  const missing = { operation: undefined, expect: 404, purpose: 'a route the contract does not have (D3)' }
  const routesMissing = unknownRoutes.map((path) => requestOf('health.get', '', { ...missing, path }))
  return [...unauthorized, ...unknownSession, ...routesMissing]
}

/** Every read a check sends after health and the first list page (see `check`), derived from the contract. */
export function readProbes(sample: LibrarySample): ProbeRequest[] {
  const lists = listQueries(sample).map((query) => requestOf('sessions.list', '', { query }))
  const id = sample.session?.id ?? UNKNOWN_ID
  const one = sample.session ? sessionReads(id, sample.session.previews ?? []) : []
  return [...lists, ...one, requestOf('tagCounts.list'), ...errorCases(id)]
}

type Row = Record<string, unknown>

const listed = (row: Row): ListedSession => {
  const [id, title, lastOpened, kind, status] = ['id', 'title', 'lastOpened', 'kind', 'status'].map((key) =>
    String(row[key] ?? ''),
  )
  return { id, title, lastOpened, kind, status, tags: Array.isArray(row.tags) ? row.tags : [] } as ListedSession
}

function pageFacts(query: SessionListParams, data: Row[], meta: Row): [string, string, unknown, unknown][] {
  const limit = query.limit ?? LIMITS.listLimitDefault
  const offset = query.offset ?? 0
  const facts: [string, string, unknown, unknown][] = [
    ['meta.limit', 'D9: the limit applied (default 50, at most 500)', limit, meta.limit],
    ['meta.offset', 'D9: the offset asked', offset, meta.offset],
  ]
  if (data.length > limit) facts.push(['data', 'D9: at most limit sessions', `≤ ${limit}`, data.length])
  const pastEnd = typeof meta.total === 'number' && offset >= meta.total && data.length > 0
  if (pastEnd) facts.push(['data', 'D9: an offset past the end gives no session', 0, data.length])
  return facts
}

function firstMisfit(data: Row[], query: SessionListParams): [string, string, unknown, unknown] | undefined {
  const sort = query.sort ?? DEFAULT_SORT
  const compare = compareSessions(sort)
  const filter = sessionFilter(query)
  const sessions = data.map(listed)
  for (const [index, session] of sessions.entries()) {
    const row = data[index] as Row
    const next = sessions[index + 1]
    if (next && compare(session, next) > 0) {
      const after = `after ${JSON.stringify(row.id)}`
      return [`data[${index + 1}]`, `D10: sorted by ${sort}, ties on id`, after, data[index + 1]?.id]
    }
    if (filter === undefined) continue
    if (missedFilter(filter, session) === 'kind')
      return [`data[${index}].kind`, 'D11: the kind filter', filter.kind, row.kind]
    const missing = missingTag(filter, session.tags)
    if (missing !== undefined) return [`data[${index}].tags`, 'D11: every tag of the filter', missing, session.tags]
  }
  return undefined
}

/**
 * Where a list answer does not do what the mock does with the same query: the limit and offset
 * applied (D9), the order (D10), the kind and tags filters (D11). Informational: the SDK reads
 * the answer all the same. Nothing for an answer whose shape is already wrong.
 */
export function listBehaviour(query: string | undefined, probed: Probed): Departure[] {
  const body = isRecord(probed.body) ? probed.body : {}
  if (probed.status !== 200 || !Array.isArray(body.data) || !isRecord(body.meta)) return []
  const data = body.data.filter(isRecord)
  const parsed = sessionListQuery.safeParse(queryInput(new URLSearchParams(query)))
  if (!parsed.success) return []
  const misfit = firstMisfit(data, parsed.data)
  const facts = [...pageFacts(parsed.data, data, body.meta), ...(misfit ? [misfit] : [])]
  return facts
    .filter(([, , expected, actual]) => JSON.stringify(expected) !== JSON.stringify(actual))
    .map(([path, detail, expected, actual]) => ({
      ...ofAnswer(probed.operation, probed.status),
      path,
      rule: 'behaviour',
      detail,
      expected: typeof expected === 'string' ? expected : JSON.stringify(expected),
      actual: JSON.stringify(actual) ?? 'nothing',
      severity: 'informational',
    }))
}
