import { Collection } from '@msw/data'
import type { z } from '@session-library/schemas'

/**
 * A repository in front of one `@msw/data` collection. The collection holds the records and checks
 * each against its model; this class adds what the collection lacks for an API: an id index (a
 * lookup by id in `@msw/data` 1.1 scans every record) and copies on the way out, so that no caller
 * can change a stored record behind the collection's back. Filtering, sorting and paging are done
 * by callers over {@link Table.values} because `findMany` applies `take` before `orderBy`.
 *
 * @example
 * ```ts
 * const sessions = new Table(storedSession, (s) => s.id)
 * await sessions.insert(record)
 * sessions.get(record.id)
 * ```
 */
export class Table<T extends object> {
  readonly #collection: Collection<z.ZodMiniType<T>>
  readonly #index = new Map<string, T>()
  readonly #keyOf: (record: T) => string
  /** Sorted orders by name, dropped on every change (see {@link Table.ordered}). */
  readonly #orders = new Map<string, readonly Readonly<T>[]>()

  constructor(model: z.ZodMiniType<T>, keyOf: (record: T) => string) {
    this.#collection = new Collection({ schema: model })
    this.#keyOf = keyOf
  }

  /** How many records it holds. */
  get size(): number {
    return this.#index.size
  }

  /** Whether a record has this key. */
  has(key: string): boolean {
    return this.#index.has(key)
  }

  /** A copy of the record with this key. */
  get(key: string): T | undefined {
    const record = this.#index.get(key)
    return record === undefined ? undefined : structuredClone(record)
  }

  /** The stored record with this key, read-only and not a copy: for answers serialized at once. */
  peek(key: string): Readonly<T> | undefined {
    return this.#index.get(key)
  }

  /** The stored records in insertion order, read-only: copy what leaves the mock. */
  values(): IterableIterator<Readonly<T>> {
    return this.#index.values()
  }

  /**
   * The stored records in the order of `compare`, read-only, kept under `name` until the next
   * change: a list page over a large library then costs a filter and a slice, not a sort.
   */
  ordered(name: string, compare: (a: Readonly<T>, b: Readonly<T>) => number): readonly Readonly<T>[] {
    let order = this.#orders.get(name)
    if (order === undefined) {
      order = Array.from(this.#index.values()).sort(compare)
      this.#orders.set(name, order)
    }
    return order
  }

  /** Stores a new record (checked against the model) and returns a copy of it. */
  async insert(value: T): Promise<T> {
    const key = this.#keyOf(value)
    if (this.#index.has(key)) throw new Error(`duplicate key ${key}`)
    const record = (await this.#collection.create(structuredClone(value) as never)) as T
    this.#index.set(key, record)
    this.#orders.clear()
    return structuredClone(record)
  }

  /** Changes the record with this key through a draft; the key itself must not change. */
  async update(key: string, change: (draft: T) => void): Promise<T | undefined> {
    const previous = this.#index.get(key)
    if (previous === undefined) return undefined
    const next = (await this.#collection.update(previous as never, { data: change as never })) as T | undefined
    if (next === undefined) throw new Error(`record ${key} vanished from its collection`)
    this.#index.set(key, next)
    this.#orders.clear()
    return structuredClone(next)
  }

  /** Deletes the record with this key; whether there was one. */
  delete(key: string): boolean {
    const record = this.#index.get(key)
    if (record === undefined) return false
    this.#collection.delete(record as never)
    this.#index.delete(key)
    this.#orders.clear()
    return true
  }

  /** Deletes every record. */
  clear(): void {
    this.#collection.clear()
    this.#index.clear()
    this.#orders.clear()
  }

  /** Copies of all records, in insertion order. */
  all(): T[] {
    return Array.from(this.#index.values(), (record) => structuredClone(record))
  }
}
