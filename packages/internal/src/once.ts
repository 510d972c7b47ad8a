/**
 * `make` wrapped so that it runs on the first call only; every call returns what that one made (a
 * promise too: a module loaded, a connection resolved once however many ask for it).
 *
 * @example
 * ```ts
 * import { once } from '@session-library/internal'
 * const loadKy = once(() => import('ky'))
 * ```
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}
