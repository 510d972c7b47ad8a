// The baseline's list, done naively but sanely: filter, sort a copy, slice, drop the search-only
// `client` field. The same rules as the mock for the parameters the benchmarks use (D9–D11:
// kind, q, sort with ties on id, limit, offset), without validation.
const sortValue = {
  title: (record) => record.title.toLowerCase(),
  lastOpened: (record) => record.lastOpened,
  kind: (record) => record.kind,
  status: (record) => record.status,
}
const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0)

/** The comparator of a sort key (D10): `-` for descending, ties on id ascending. */
export function plainOrder(sort) {
  const descending = sort.startsWith('-')
  const value = sortValue[descending ? sort.slice(1) : sort]
  const direction = descending ? -1 : 1
  return (a, b) => direction * compareText(value(a), value(b)) || compareText(a.id, b.id)
}

/** One page `{data, meta}` of `records` for the query in `params` (URLSearchParams). */
export function plainListPage(records, params) {
  const kind = params.get('kind')
  const needle = params.get('q')?.toLowerCase()
  const limit = Math.min(Number(params.get('limit') ?? 50), 500)
  const offset = Number(params.get('offset') ?? 0)
  const found = records.filter(
    (record) =>
      (kind === null || record.kind === kind) &&
      (needle === undefined ||
        [record.title, record.client, record.notes].some((text) => text.toLowerCase().includes(needle))),
  )
  found.sort(plainOrder(params.get('sort') ?? '-lastOpened'))
  const data = found.slice(offset, offset + limit).map(({ client: _client, ...session }) => session)
  return { data, meta: { total: found.length, limit, offset } }
}
