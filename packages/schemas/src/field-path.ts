/**
 * Names a field by its path as a person reads it: `data[0].kind`; `prefix` names where the value
 * came from, and an empty path names the whole value: `whole`, `body` unless told (the SDK says
 * `(answer)`).
 */
export function fieldPath(path: readonly PropertyKey[], prefix = '', whole = 'body'): string {
  let name = prefix
  for (const key of path) {
    name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`
  }
  return name || whole
}
