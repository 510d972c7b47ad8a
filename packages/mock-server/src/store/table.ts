import { Collection } from '@msw/data'
import { formatIssues } from '@session-library/schemas'
import type * as z from 'zod/mini'

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

interface Entry<T> {
  value: string
  key: string
  record: T
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

// A plain function with the direction passed in, not a private method reading it: a sort of 100k
// records calls it about 1.7 million times.
const compareEntries = <T>(direction: number, a: Entry<T>, b: Entry<T>) =>
  direction * compareText(a.value, b.value) || compareText(a.key, b.key)

/**
 * One sorted order of a table's records, kept across changes. A write only notes the change (a
 * constant cost, whatever the size); the next read moves each changed record into place with a
 * binary search and a splice, so the first page after one change costs two searches, not a sort.
 * Each record's sort value is computed once (not twice per comparison), which makes a full sort
 * about twice as fast. An order that falls too far behind (a bulk import, or a sort nobody reads)
 * asks to be dropped and is sorted afresh when next read.
 */
export class SortedOrder<T> {
  readonly #keyOf: (record: T) => string
  readonly #by: OrderBy<T>
  readonly #direction: number
  /** The records in order: what readers get, without a copy per read. */
  readonly #records: T[]
  /** Each record's sort value, at the same place: computed once, not twice per comparison. */
  readonly #values: string[]
  /** Records to take out and put in, in the order of the writes. */
  readonly #pending: [before: T | undefined, after: T | undefined][] = []

  constructor(records: Iterable<T>, keyOf: (record: T) => string, by: OrderBy<T>) {
    this.#keyOf = keyOf
    this.#by = by
    const direction = by.descending ? -1 : 1
    this.#direction = direction
    // Sorted as entries, then kept as two flat arrays: a third of the memory of the entries.
    const entries = Array.from(records, (record) => this.#entry(record))
    entries.sort((a, b) => compareEntries(direction, a, b))
    this.#records = entries.map((entry) => entry.record)
    this.#values = entries.map((entry) => entry.value)
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
      if (before !== undefined && !this.#remove(before)) return undefined
      if (after !== undefined) this.#insert(after)
    }
    this.#pending.length = 0
    return this.#records
  }

  #insert(record: T): void {
    const entry = this.#entry(record)
    const at = this.#lowerBound(entry)
    this.#records.splice(at, 0, record)
    this.#values.splice(at, 0, entry.value)
  }

  #remove(record: T): boolean {
    const at = this.#lowerBound(this.#entry(record))
    if (this.#records[at] !== record) return false
    this.#records.splice(at, 1)
    this.#values.splice(at, 1)
    return true
  }

  /** The first place whose entry does not sort before `entry`. */
  #lowerBound(entry: Entry<T>): number {
    let low = 0
    let high = this.#records.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.#compareAt(middle, entry) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  #entry(record: T): Entry<T> {
    return { value: this.#by.value(record), key: this.#keyOf(record), record }
  }

  /** The record at a place against an entry, without making an entry of it. */
  #compareAt(at: number, entry: Entry<T>): number {
    const difference = this.#direction * compareText(this.#values[at] as string, entry.value)
    return difference || compareText(this.#keyOf(this.#records[at] as T), entry.key)
  }
}

/**
 * Told of every record a {@link Table} gains, replaces or loses (`undefined` on the missing side):
 * how the library keeps its secondary indexes without scanning.
 */
export type TableWatcher<T> = (before: Readonly<T> | undefined, after: Readonly<T> | undefined) => void

interface Slot<T> {
  record: T
  at: number
}

/**
 * A repository in front of one `@msw/data` collection, at a constant cost per write whatever the
 * size. `@msw/data` 1.1.7, its newest release, has no lookup by key: `update` and `delete` find the
 * record by a scan (`findFirst`, then `findIndex` on its primary key), and `create` checks one
 * record at a time, asynchronously. So a single new record goes through `collection.create` (which
 * checks it against the model), and the table goes around the collection where it would scan: an
 * index from key to the record and its slot in the collection's array (`collection.all()` returns
 * the array itself), updates that check the new record against the model and put it in its slot,
 * deletes that move the last record into the freed slot, and a bulk {@link Table.load} of records
 * checked as a whole beforehand.
 *
 * Stored records are never changed in place: an update stores a new object. Readers may therefore
 * hold a record (or a list of them) as long as they like and still see it as it was.
 */
export class Table<T extends object> {
  readonly #model: z.ZodMiniType<T>
  #collection: Collection<z.ZodMiniType<T>>
  readonly #index = new Map<string, Slot<T>>()
  readonly #keyOf: (record: T) => string
  readonly #watch: TableWatcher<T> | undefined
  /** Keys written since the last {@link Table.drainChanged}. */
  #changed = new Set<string>()
  /** Sorted orders by name, kept across changes (see {@link Table.ordered}). */
  readonly #orders = new Map<string, SortedOrder<Readonly<T>>>()

  constructor(model: z.ZodMiniType<T>, keyOf: (record: T) => string, watch?: TableWatcher<T>) {
    this.#model = model
    this.#collection = new Collection({ schema: model })
    this.#keyOf = keyOf
    this.#watch = watch
  }

  get size(): number {
    return this.#index.size
  }

  has(key: string): boolean {
    return this.#index.has(key)
  }

  /** A copy of the record with this key. */
  get(key: string): T | undefined {
    const slot = this.#index.get(key)
    return slot === undefined ? undefined : structuredClone(slot.record)
  }

  /** The stored record with this key, read-only and not a copy (records are never changed in place). */
  peek(key: string): Readonly<T> | undefined {
    return this.#index.get(key)?.record
  }

  /** The stored records in insertion order (deletes aside), read-only. */
  *values(): IterableIterator<Readonly<T>> {
    for (const slot of this.#index.values()) yield slot.record
  }

  /**
   * The stored records ordered `by` a value, ties on their keys (the same `by` for a `name`),
   * read-only, kept under `name` across changes: a list page over a large library costs a filter
   * and a slice, and the first after a change a binary search and a splice per changed record,
   * not a sort. The array is valid until the next change: copy what must outlive it.
   */
  ordered(name: string, by: OrderBy<Readonly<T>>): readonly Readonly<T>[] {
    const kept = this.#orders.get(name)?.records()
    if (kept !== undefined) return kept
    const order = new SortedOrder(this.values(), this.#keyOf, by)
    this.#orders.set(name, order)
    return order.records() as readonly Readonly<T>[]
  }

  /** Stores a new record, checked against the model by the collection, and returns it. */
  async insert(value: T): Promise<Readonly<T>> {
    const key = this.#keyOf(value)
    if (this.#index.has(key)) throw new Error(`duplicate key ${key}`)
    const record = (await this.#collection.create(structuredClone(value) as never)) as T
    this.#index.set(key, { record, at: this.#collection.count() - 1 })
    this.#written(key, undefined, record)
    return record
  }

  /** Changes the record with this key through a draft (a copy), checked against the model; the key must not change. */
  update(key: string, change: (draft: T) => void): Readonly<T> | undefined {
    const slot = this.#index.get(key)
    if (slot === undefined) return undefined
    const draft = structuredClone(slot.record)
    change(draft)
    return this.#replace(key, slot, draft)
  }

  /** Stores a record under its key, new or replacing, checked against the model (a change log's replay). */
  put(value: T): Readonly<T> {
    const key = this.#keyOf(value)
    const slot = this.#index.get(key)
    if (slot !== undefined) return this.#replace(key, slot, value)
    const record = this.#check(value)
    const records = this.#records()
    records.push(record)
    this.#index.set(key, { record, at: records.length - 1 })
    this.#written(key, undefined, record)
    return record
  }

  delete(key: string): boolean {
    const slot = this.#index.get(key)
    if (slot === undefined) return false
    const records = this.#records()
    const last = records.pop() as T
    if (slot.at < records.length) {
      records[slot.at] = last
      ;(this.#index.get(this.#keyOf(last)) as Slot<T>).at = slot.at
    }
    this.#index.delete(key)
    this.#written(key, slot.record, undefined)
    return true
  }

  /**
   * Replaces every record with `records`, already checked against the model by the caller (one
   * check of a whole snapshot is cheaper than one per record). Records are stored as they are,
   * not copied: the caller must not change them afterwards.
   */
  load(records: readonly T[]): void {
    this.#collection = new Collection({ schema: this.#model })
    this.#index.clear()
    this.#orders.clear()
    this.#changed = new Set()
    const stored = this.#records()
    for (const record of records) {
      const key = this.#keyOf(record)
      if (this.#index.has(key)) throw new Error(`duplicate key ${key}`)
      this.#index.set(key, { record, at: stored.push(record) - 1 })
      this.#watch?.(undefined, record)
    }
  }

  /** The stored records in insertion order (deletes aside), read-only and not copies. */
  all(): Readonly<T>[] {
    return Array.from(this.values())
  }

  drainChanged(): Set<string> {
    const changed = this.#changed
    this.#changed = new Set()
    return changed
  }

  // `all()` is the collection's own array (its records, by reference): the slot bookkeeping above
  // keeps it equal to the index, without the collection's scans.
  #records(): T[] {
    return this.#collection.all() as T[]
  }

  #replace(key: string, slot: Slot<T>, value: T): Readonly<T> {
    if (this.#keyOf(value) !== key) throw new Error(`a record's key cannot change (${key})`)
    const record = this.#check(value)
    const before = slot.record
    this.#records()[slot.at] = record
    slot.record = record
    this.#written(key, before, record)
    return record
  }

  #check(value: T): T {
    const checked = this.#model.safeParse(value)
    if (!checked.success) throw new TypeError(`invalid record: ${formatIssues(checked.error.issues)}`)
    return checked.data
  }

  #written(key: string, before: T | undefined, after: T | undefined): void {
    this.#changed.add(key)
    for (const [name, order] of this.#orders) if (!order.changed(before, after)) this.#orders.delete(name)
    this.#watch?.(before, after)
  }
}
