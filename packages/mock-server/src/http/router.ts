import { matchPath } from '@session-library/schemas'

/** A route of a table: a method (`*` for any) and a path template in the contract's form (`/faults`, `/assets/{name}`). */
export interface Route {
  readonly method: string
  readonly path: string
}

/**
 * The one router of the mock's tables besides the API's own (the contract's `matchOperation`): the
 * control surface and the pages. Matches with the contract's `matchPath`, so `{name}` is one segment.
 */
export function findRoute<R extends Route>(
  routes: readonly R[],
  method: string,
  path: string,
): { route: R; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== '*' && route.method !== method.toUpperCase()) continue
    const params = matchPath(route.path, path)
    if (params) return { route, params }
  }
  return undefined
}

/** Whether a path is `prefix` or under it. */
export const isUnder = (path: string, prefix: string): boolean =>
  path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/')
