type QueryValue = string | number | boolean | readonly string[] | undefined

/**
 * Writes a typed query as URL parameters: arrays repeat the parameter, booleans and numbers are
 * written as text, `undefined` is left out.
 *
 * @example
 * ```ts
 * toSearchParams({ tags: ['a', 'b'], recent: true }).toString() // 'tags=a&tags=b&recent=true'
 * ```
 */
export function toSearchParams(query: object | undefined): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item))
  }
  return params
}
