/** Changes an order holds back before it is cheaper to sort again than to move records one by one. */
const PENDING_LIMIT = 1024

/**
 * One sorted order of a table's records, kept across changes. A write only notes the change (a
 * constant cost, whatever the size); the next read moves each changed record into place with a
 * binary search and a splice, so the first page after one change costs two searches, not a sort.
 * An order that falls too far behind (a bulk import, or a sort nobody reads) asks to be dropped
 * and is sorted afresh when next read.
 *
 * @example
 * ```ts
 * const order = new SortedOrder(records, (a, b) => a.id.localeCompare(b.id))
 * order.changed(before, after) // false: drop it
 * order.records() // sorted, `after` in place of `before`
 * ```
 */
export class SortedOrder<T> {
  readonly #compare: (a: T, b: T) => number
  readonly #sorted: T[]
  /** Records to take out and put in, in the order of the writes. */
  readonly #pending: [before: T | undefined, after: T | undefined][] = []

  constructor(records: Iterable<T>, compare: (a: T, b: T) => number) {
    this.#compare = compare
    this.#sorted = Array.from(records).sort(compare)
  }

  /** Notes that `before` became `after` (either missing on a create or a delete); false when the order should be dropped instead. */
  changed(before: T | undefined, after: T | undefined): boolean {
    if (this.#pending.length >= PENDING_LIMIT) return false
    this.#pending.push([before, after])
    return true
  }

  /**
   * The records in order, the pending changes applied; `undefined` when a record to take out is
   * not where the comparator says (a comparator that is not a total order), so the caller sorts
   * afresh. The array is changed in place by later reads: copy what must outlive the next change.
   */
  records(): readonly T[] | undefined {
    for (const [before, after] of this.#pending) {
      if (before !== undefined && !this.#remove(before)) return undefined
      if (after !== undefined) this.#sorted.splice(this.#lowerBound(after), 0, after)
    }
    this.#pending.length = 0
    return this.#sorted
  }

  #remove(record: T): boolean {
    const sorted = this.#sorted
    for (let at = this.#lowerBound(record); at < sorted.length && this.#compare(sorted[at] as T, record) === 0; at++) {
      if (sorted[at] === record) {
        sorted.splice(at, 1)
        return true
      }
    }
    return false
  }

  /** The first place whose record does not sort before `record`. */
  #lowerBound(record: T): number {
    let low = 0
    let high = this.#sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.#compare(this.#sorted[middle] as T, record) < 0) low = middle + 1
      else high = middle
    }
    return low
  }
}
