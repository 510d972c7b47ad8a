import { type Departure, isRecord, LIMITS } from '@session-library/schemas'
import type { Probed } from '../probe/probe.js'

type Row = Record<string, unknown>

const DEFAULT_SORT = '-lastOpened'
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** D10's order: the key (titles case-insensitively), `-` descending, ties on `id` ascending. */
function inOrder(sort: string, a: Row, b: Row): boolean {
  const key = sort.replace(/^-/, '')
  const value = (row: Row) => {
    const field = String(row[key] ?? '')
    return key === 'title' ? field.toLowerCase() : field
  }
  const byKey = compareText(value(a), value(b)) * (sort.startsWith('-') ? -1 : 1)
  return byKey < 0 || (byKey === 0 && compareText(String(a.id), String(b.id)) <= 0)
}

function pageFacts(query: URLSearchParams, data: Row[], meta: Row): [string, string, unknown, unknown][] {
  const limit = Math.min(Number(query.get('limit') ?? LIMITS.listLimitDefault), LIMITS.listLimitMax)
  const offset = Number(query.get('offset') ?? 0)
  const facts: [string, string, unknown, unknown][] = [
    ['meta.limit', 'D9: the limit applied (default 50, at most 500)', limit, meta.limit],
    ['meta.offset', 'D9: the offset asked', offset, meta.offset],
  ]
  if (data.length > limit) facts.push(['data', 'D9: at most limit sessions', `≤ ${limit}`, data.length])
  if (typeof meta.total === 'number' && offset >= meta.total && data.length > 0) {
    facts.push(['data', 'D9: an offset past the end gives no session', 0, data.length])
  }
  return facts
}

function firstMisfit(data: Row[], query: URLSearchParams): [string, string, unknown, unknown] | undefined {
  const sort = query.get('sort') ?? DEFAULT_SORT
  const kind = query.get('kind') ?? query.get('daw')
  const tags = query.getAll('tags').flatMap((value) => value.split(','))
  for (const [index, row] of data.entries()) {
    const next = data[index + 1]
    if (next && !inOrder(sort, row, next)) {
      return [`data[${index + 1}]`, `D10: sorted by ${sort}, ties on id`, `after ${JSON.stringify(row.id)}`, next.id]
    }
    if (kind !== null && row.kind !== kind) return [`data[${index}].kind`, 'D11: the kind filter', kind, row.kind]
    const held = Array.isArray(row.tags) ? row.tags : []
    const missing = tags.find((tag) => !held.includes(tag))
    if (missing !== undefined) return [`data[${index}].tags`, 'D11: every tag of the filter', missing, held]
  }
  return undefined
}

/**
 * Where a list answer does not do what the mock does with the same query: the limit and offset
 * applied (D9), the order (D10), the kind and tags filters (D11). Informational: the SDK reads
 * the answer all the same. Nothing for an answer whose shape is already wrong.
 *
 * @example `probed.departures.push(...listBehaviour('sort=title&limit=1', probed))`
 */
export function listBehaviour(query: string | undefined, probed: Probed): Departure[] {
  const body = isRecord(probed.body) ? probed.body : {}
  if (probed.status !== 200 || !Array.isArray(body.data) || !isRecord(body.meta)) return []
  const data = body.data.filter(isRecord)
  const params = new URLSearchParams(query)
  const misfit = firstMisfit(data, params)
  const facts = [...pageFacts(params, data, body.meta), ...(misfit ? [misfit] : [])]
  return facts
    .filter(([, , expected, actual]) => JSON.stringify(expected) !== JSON.stringify(actual))
    .map(([path, detail, expected, actual]) => ({
      operation: probed.operation,
      direction: 'answer',
      status: probed.status,
      path,
      rule: 'behaviour',
      detail,
      expected: typeof expected === 'string' ? expected : JSON.stringify(expected),
      actual: JSON.stringify(actual) ?? 'nothing',
      severity: 'informational',
    }))
}
