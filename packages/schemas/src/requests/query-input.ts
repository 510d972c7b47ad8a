/**
 * Reads a query string into the input of a query schema: a parameter seen once becomes a string,
 * one repeated becomes an array of its values.
 *
 * @example
 * ```ts
 * import { queryInput } from '@session-library/schemas'
 * queryInput(new URLSearchParams('tags=a&tags=b&limit=5')) // { tags: ['a', 'b'], limit: '5' }
 * ```
 */
export function queryInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = Object.create(null)
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    input[key] = values.length === 1 ? (values[0] as string) : values
  }
  return input
}
