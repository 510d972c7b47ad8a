import type { Collection } from '@msw/data'
import { formatIssues } from '@session-library/schemas'
import type * as z from 'zod/mini'
import { firstInOrder, type OrderBy, SELECT_AT_MOST, SortedOrder } from './sorted-order.js'

/** From this many records on, a page near the top of an order not kept yet is selected, not sorted. */
export const SELECT_FROM = 10_000

/** Told of every record a {@link Table} gains, replaces or loses (`loaded` for a load's): the library's indexes. */
export type TableWatcher<T> = (before: Readonly<T> | undefined, after: Readonly<T> | undefined, loaded?: true) => void

/**
 * A repository in front of one `@msw/data` collection, at a constant cost per write: it goes around
 * the collection wherever `@msw/data` would scan (the README's "The store"). Records never change in place.
 */
export class Table<T extends object> {
  readonly #model: z.ZodMiniType<T>
  /** The records in insertion order (deletes aside): the collection's own array once it is made. */
  #records: T[] = []
  /** Made at the first insert, when its code is loaded: a mock that is only read never loads it. */
  #collection: Promise<Collection<z.ZodMiniType<T>>> | undefined
  /** Each key's slot in `#records`; built when first needed after a load. */
  #slots: Map<string, number> | undefined = new Map()
  readonly #keyOf: (record: T) => string
  readonly #watch: TableWatcher<T> | undefined
  #changed = new Set<string>()
  readonly #orders = new Map<string, SortedOrder<Readonly<T>>>()
  /** Orders a page was selected from since the load: the next read sorts. */
  readonly #selected = new Set<string>()

  constructor(model: z.ZodMiniType<T>, keyOf: (record: T) => string, watch?: TableWatcher<T>) {
    this.#model = model
    this.#keyOf = keyOf
    this.#watch = watch
  }

  get size(): number {
    return this.#slots?.size ?? this.#records.length
  }

  has(key: string): boolean {
    return this.#index.has(key)
  }

  peek(key: string): Readonly<T> | undefined {
    const at = this.#index.get(key)
    return at === undefined ? undefined : this.#records[at]
  }

  *values(): IterableIterator<Readonly<T>> {
    const records = this.#records
    if (this.#slots === undefined) yield* records
    else for (const at of this.#slots.values()) yield records[at] as T
  }

  /**
   * The first `count` records of an order not kept yet that `keep` passes, and how many pass, selected
   * in one pass; the order is sorted after this task or at the next read. Once an order per load, from
   * {@link SELECT_FROM} records and up to {@link SELECT_AT_MOST}; `undefined` otherwise (read `ordered`).
   */
  first(
    name: string,
    by: OrderBy<Readonly<T>>,
    count: number,
    keep?: (record: Readonly<T>) => boolean,
  ): { first: Readonly<T>[]; total: number } | undefined {
    if (this.#orders.has(name) || this.#selected.has(name) || count > SELECT_AT_MOST || this.size < SELECT_FROM)
      return undefined
    this.#selected.add(name)
    const found = firstInOrder(this.all(), this.#keyOf, by, count, keep)
    const later = setTimeout(() => this.#orders.has(name) || this.ordered(name, by), 0)
    ;(later as { unref?: () => void }).unref?.()
    return found
  }

  /**
   * The records ordered `by` a value, ties on their keys, kept under `name` across changes: a page
   * costs a filter and a slice, not a sort. The array is valid until the next change.
   */
  ordered(name: string, by: OrderBy<Readonly<T>>): readonly Readonly<T>[] {
    const kept = this.#orders.get(name)?.records()
    if (kept !== undefined) return kept
    const order = new SortedOrder(this.all(), this.#keyOf, by)
    this.#orders.set(name, order)
    return order.records() as readonly Readonly<T>[]
  }

  async insert(value: T): Promise<Readonly<T>> {
    const key = this.#keyOf(value)
    if (this.#index.has(key)) throw new Error(`duplicate key ${key}`)
    const collection = await this.#madeCollection()
    const record = (await collection.create(structuredClone(value) as never)) as T
    this.#index.set(key, collection.count() - 1)
    this.#written(key, undefined, record)
    return record
  }

  /** Changes a record through a draft (a copy), checked against the model; the key must not change. */
  update(key: string, change: (draft: T) => void): Readonly<T> | undefined {
    const at = this.#index.get(key)
    if (at === undefined) return undefined
    const draft = structuredClone(this.#records[at] as T)
    change(draft)
    return this.#replace(key, at, draft)
  }

  /** Stores a record, new or replacing, checked (a change log's replay). */
  put(value: T): Readonly<T> {
    const key = this.#keyOf(value)
    const at = this.#index.get(key)
    if (at !== undefined) return this.#replace(key, at, value)
    const record = this.#check(value)
    this.#index.set(key, this.#records.push(record) - 1)
    this.#written(key, undefined, record)
    return record
  }

  delete(key: string): boolean {
    const at = this.#index.get(key)
    if (at === undefined) return false
    const records = this.#records
    const record = records[at] as T
    const last = records.pop() as T
    if (at < records.length) {
      records[at] = last
      this.#index.set(this.#keyOf(last), at)
    }
    this.#index.delete(key)
    this.#written(key, record, undefined)
    return true
  }

  /**
   * Replaces every record with `records`, checked by the caller (one check of a whole snapshot is
   * cheaper), stored as they are, not copied. The index by key waits for the first lookup.
   */
  load(records: readonly T[]): void {
    this.#records = records.slice()
    this.#collection = undefined
    this.#slots = undefined
    this.#orders.clear()
    this.#selected.clear()
    this.#changed = new Set()
    for (const record of records) this.#watch?.(undefined, record, true)
  }

  all(): Readonly<T>[] {
    const records = this.#records
    if (this.#slots === undefined) return records.slice()
    return Array.from(this.#slots.values(), (at) => records[at] as T)
  }

  drainChanged(): Set<string> {
    const changed = this.#changed
    this.#changed = new Set()
    return changed
  }

  // The collection's `all()` is its own array: it takes the records stored before it was made, and
  // the slot bookkeeping keeps it equal to the index, without the collection's scans.
  #madeCollection(): Promise<Collection<z.ZodMiniType<T>>> {
    if (this.#collection !== undefined) return this.#collection
    const made = import('@msw/data').then(({ Collection }) => {
      const collection = new Collection({ schema: this.#model })
      // A load while the code was loading replaced the records: this collection is not the table's.
      if (this.#collection === made) {
        const records = collection.all() as T[]
        for (const record of this.#records) records.push(record)
        this.#records = records
      }
      return collection
    })
    this.#collection = made
    return made
  }

  get #index(): Map<string, number> {
    if (this.#slots === undefined) {
      const slots = new Map<string, number>()
      const records = this.#records
      for (let at = 0; at < records.length; at++) {
        const key = this.#keyOf(records[at] as T)
        // One lookup a record: a key held before leaves the index's size as it was.
        if (slots.set(key, at).size === at) throw new Error(`duplicate key ${key}`)
      }
      this.#slots = slots
    }
    return this.#slots
  }

  #replace(key: string, at: number, value: T): Readonly<T> {
    if (this.#keyOf(value) !== key) throw new Error(`a record's key cannot change (${key})`)
    const record = this.#check(value)
    const records = this.#records
    const before = records[at] as T
    records[at] = record
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
