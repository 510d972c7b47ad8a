// The baseline's list, as fast as a plain server can do it for the same answers: each sort key's
// order computed once and kept until the next write (as the mock does), then a filter that stops
// once the page is full and the total is counted, a slice, and answers kept without the
// search-only `client` field (no copy per request). The same rules as the mock for the parameters
// the benchmarks use (D9–D11: kind, q, sort with ties on id, limit, offset), without validation.
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

/** A session as answered: every field but `client`. */
export const answered = ({ client: _client, ...session }) => session

/**
 * A list over `records` (stored sessions, with `client`): `page(params)` answers `{data, meta}`
 * for a query (URLSearchParams); `changed()` drops the kept orders after a write.
 */
export function createPlainList(records) {
  const orders = new Map()
  const answers = new WeakMap()
  const answer = (record) => {
    let session = answers.get(record)
    if (!session) {
      session = answered(record)
      answers.set(record, session)
    }
    return session
  }
  const ordered = (sort) => {
    let order = orders.get(sort)
    if (!order) {
      order = [...records].sort(plainOrder(sort))
      orders.set(sort, order)
    }
    return order
  }
  return {
    page(params) {
      const kind = params.get('kind')
      const needle = params.get('q')?.toLowerCase()
      const limit = Math.min(Number(params.get('limit') ?? 50), 500)
      const offset = Number(params.get('offset') ?? 0)
      const order = ordered(params.get('sort') ?? '-lastOpened')
      const found =
        kind === null && needle === undefined
          ? order
          : order.filter(
              (record) =>
                (kind === null || record.kind === kind) &&
                (needle === undefined ||
                  [record.title, record.client, record.notes].some((text) => text.toLowerCase().includes(needle))),
            )
      const data = found.slice(offset, offset + limit).map(answer)
      return { data, meta: { total: found.length, limit, offset } }
    },
    /** A record changed in place: its answer and the kept orders are stale. */
    changed(record) {
      if (record) answers.delete(record)
      orders.clear()
    },
  }
}
