/**
 * A body or query as a caller may write it: every array, at any depth, may be `readonly`
 * (`['a', 'b'] as const`, a `ReadonlyArray` kept in a config). The SDK never changes what it is given.
 *
 * @example
 * ```ts
 * import type { ReadonlyInput } from '@session-library/sdk'
 * const body: ReadonlyInput<{ tags: string[] }> = { tags: ['a'] as const }
 * ```
 */
export type ReadonlyInput<T> = T extends readonly (infer Item)[]
  ? readonly ReadonlyInput<Item>[]
  : T extends object
    ? { [Key in keyof T]: ReadonlyInput<T[Key]> }
    : T
