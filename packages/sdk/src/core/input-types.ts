/**
 * A body or query as a caller may write it: every array, at any depth, may be `readonly`
 * (`['a', 'b'] as const`, a `ReadonlyArray` kept in a config). The SDK never changes what it is given.
 *
 * @example
 * ```ts
 * import type { Writable } from '@session-library/sdk'
 * const body: Writable<{ tags: string[] }> = { tags: ['a'] as const }
 * ```
 */
export type Writable<T> = T extends readonly (infer Item)[]
  ? readonly Writable<Item>[]
  : T extends object
    ? { [Key in keyof T]: Writable<T[Key]> }
    : T
