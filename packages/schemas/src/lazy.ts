import * as z from 'zod/mini'

/** The own properties of a Zod schema, each with whether it is enumerable. */
const SCHEMA_KEYS: Readonly<Record<string, boolean>> = { _zod: false, def: true, type: true }

/**
 * A value built on its first use, so that importing the contract builds only the schemas something
 * reads: a stand-in that, at its first read (or `in` test), calls `build` once and becomes the result
 * (own properties, prototype, Zod metadata). Before that it shows `keys` (a Zod schema's by default)
 * to `Object.keys` and a spread. A `Map`, `Set` or `Date` (internal slots) cannot be stood in for.
 *
 * @param keys - The value's own property names, each with whether it is enumerable.
 * @example
 * ```ts
 * import { lazy, z } from '@session-library/schemas'
 * const body = lazy(() => z.strictObject({ title: z.string() })) // nothing built yet
 * body.safeParse({ title: 'x' }).success // true: built at this first read
 * ```
 */
export function lazy<T extends object>(build: () => T, keys: Readonly<Record<string, boolean>> = SCHEMA_KEYS): T {
  let state: 'waiting' | 'building' | 'built' = 'waiting'
  const become = () => {
    if (state === 'built') return
    if (state === 'building') throw new Error('a lazy value was read while it was being built: a cycle')
    state = 'building'
    let value: T
    try {
      value = build()
    } catch (error) {
      state = 'waiting'
      throw error
    }
    // Properties first: the other order leaves the object in V8's slow (dictionary) mode.
    Object.defineProperties(standIn, Object.getOwnPropertyDescriptors(value))
    Object.setPrototypeOf(standIn, Object.getPrototypeOf(value))
    for (const key of Object.keys(keys)) if (!Object.hasOwn(value, key)) delete standIn[key as keyof T]
    if ('_zod' in value) {
      const meta = z.globalRegistry.get(value as unknown as z.core.$ZodType)
      if (meta) z.globalRegistry.add(standIn as unknown as z.core.$ZodType, meta)
    }
    state = 'built'
  }
  // A stand-in over a proxy, not a proxy: once built, reading it costs what reading the value does.
  const handler = {
    get: (_: object, key: PropertyKey) => {
      become()
      return Reflect.get(standIn, key)
    },
    has: (_: object, key: PropertyKey) => {
      become()
      return key in standIn
    },
    set: (_: object, key: PropertyKey, value: unknown) => {
      become()
      return Reflect.set(standIn, key, value)
    },
  }
  const standIn: T = Object.create(new Proxy({}, handler))
  for (const [key, enumerable] of Object.entries(keys)) {
    Object.defineProperty(standIn, key, { configurable: true, enumerable, get: () => handler.get(standIn, key) })
  }
  return standIn
}
