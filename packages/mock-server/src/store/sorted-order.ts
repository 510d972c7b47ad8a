import { compareText } from '@session-library/schemas'

/** Changes an order holds back before it is cheaper to sort again than to move records one by one. */
const PENDING_LIMIT = 1024

/**
 * How a table's records are ordered: by a text value, ascending or descending, ties on the
 * record's key ascending whatever the direction (D10's rule), so the order is total.
 */
export interface OrderBy<T> {
  value: (record: T) => string
  descending: boolean
}

/**
 * D10's comparison of two records, given their sort values: by value in the direction, then by key
 * ascending (read only on a tie). Descending swaps the arguments: `-1 * 0` is a -0 that slows a sort.
 */
function orderOf<T>(keyOf: (record: T) => string, descending: boolean) {
  const values = descending ? (a: string, b: string) => compareText(b, a) : compareText
  return (aValue: string, a: T, bValue: string, b: T): number =>
    values(aValue, bValue) || compareText(keyOf(a), keyOf(b))
}

/**
 * One sorted order of a table's records, kept across changes. A write only notes the change (a
 * constant cost, whatever the size); the next read moves each changed record into place with a
 * binary search and a splice, so the first page after one change costs two searches, not a sort.
 * A full sort computes each record's sort value once (not twice per comparison) and sorts their
 * places, a typed array: no object per record. An order that falls too far behind (a bulk
 * import, or a sort nobody reads) asks to be dropped and is sorted afresh when next read.
 */
export class SortedOrder<T> {
  readonly #by: OrderBy<T>
  readonly #order: (aValue: string, a: T, bValue: string, b: T) => number
  /** The records in order: what readers get, without a copy per read. */
  readonly #records: T[]
  /** Records to take out and put in, in the order of the writes. */
  readonly #pending: [before: T | undefined, after: T | undefined][] = []

  /** `records` becomes the order: the caller hands over a new array. */
  constructor(records: T[], keyOf: (record: T) => string, by: OrderBy<T>) {
    this.#by = by
    const order = orderOf(keyOf, by.descending)
    this.#order = order
    const values = records.map(by.value)
    const places = new Uint32Array(records.length)
    for (let at = 0; at < places.length; at++) places[at] = at
    places.sort((a, b) => order(values[a] as string, records[a] as T, values[b] as string, records[b] as T))
    this.#records = Array.from(places, (at) => records[at] as T)
  }

  /** Notes that `before` became `after` (either missing on a create or a delete); false when the order should be dropped instead. */
  changed(before: T | undefined, after: T | undefined): boolean {
    if (this.#pending.length >= PENDING_LIMIT) return false
    this.#pending.push([before, after])
    return true
  }

  /**
   * The records in order, the pending changes applied; `undefined` when a record to take out is
   * not in the order (it was never told of it), so the caller sorts afresh. The array is changed
   * in place by later reads: copy what must outlive the next change.
   */
  records(): readonly T[] | undefined {
    for (const [before, after] of this.#pending) {
      if (before !== undefined) {
        const at = this.#lowerBound(before)
        if (this.#records[at] !== before) return undefined
        this.#records.splice(at, 1)
      }
      if (after !== undefined) this.#records.splice(this.#lowerBound(after), 0, after)
    }
    this.#pending.length = 0
    return this.#records
  }

  #lowerBound(record: T): number {
    const value = this.#by.value(record)
    let low = 0
    let high = this.#records.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const other = this.#records[middle] as T
      if (this.#order(this.#by.value(other), other, value, record) < 0) low = middle + 1
      else high = middle
    }
    return low
  }
}

/** A page near the top is selected rather than sorted up to this many records (`count` of {@link firstInOrder}). */
export const SELECT_AT_MOST = 1_000

/**
 * The first `count` records in the order `by` (ties on their keys), of those `keep` passes (all
 * without it), and how many pass: one pass, each record compared with the last of the first
 * `count` and inserted only where it comes before it. For a page near the top of an order not
 * sorted yet: a tenth of a sort at 100,000 records.
 */
export function firstInOrder<T>(
  records: readonly T[],
  keyOf: (record: T) => string,
  by: OrderBy<T>,
  count: number,
  keep?: (record: T) => boolean,
): { first: T[]; total: number } {
  const order = orderOf(keyOf, by.descending)
  const first: T[] = []
  const values: string[] = []
  let total = 0
  for (const record of records) {
    if (keep !== undefined && !keep(record)) continue
    total++
    if (count === 0) continue
    const value = by.value(record)
    const last = first.length - 1
    if (first.length === count && order(value, record, values[last] as string, first[last] as T) >= 0) continue
    let low = 0
    let high = first.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (order(values[middle] as string, first[middle] as T, value, record) < 0) low = middle + 1
      else high = middle
    }
    first.splice(low, 0, record)
    values.splice(low, 0, value)
    if (first.length > count) {
      first.pop()
      values.pop()
    }
  }
  return { first, total }
}
