/**
 * Reads a query string into the input of a query schema: a parameter seen once becomes a string,
 * one repeated becomes an array of its values.
 */
export function queryInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = Object.create(null)
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    input[key] = values.length === 1 ? (values[0] as string) : values
  }
  return input
}
