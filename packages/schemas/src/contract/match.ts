import { matchPath, pathParamNames } from '../paths.js'
import { endpoints, operations } from './endpoints.js'
import type { Method, Operation } from './operation.js'
import type { OperationName } from './routes.js'

/**
 * What a request path and method resolve to: the operation and its parameters; `allowed` lists the
 * methods of a path that exists when the method does not; nothing when the path is unknown.
 */
export type RouteMatch =
  | { operation: Operation; params: Record<string, string>; allowed?: undefined }
  | { operation?: undefined; params?: undefined; allowed: Method[] }

/**
 * Resolves a method and a path (relative to `API_PREFIX`, still percent-encoded) to an operation
 * of the table. An unknown path or method gives `allowed` instead (DECISIONS D3: 404 route not found).
 *
 * @example
 * ```ts
 * import { matchOperation } from '@session-library/schemas'
 * matchOperation('GET', '/sessions/x/waveform-notes').operation // undefined: it must not exist
 * ```
 */
export function matchOperation(method: string, path: string): RouteMatch {
  const allowed: Method[] = []
  for (const operation of operations) {
    const params = matchPath(operation.path, path)
    if (!params) continue
    if (operation.method === method.toUpperCase()) return { operation, params }
    allowed.push(operation.method)
  }
  return { allowed }
}

/** The path parameter names of an operation. */
export function operationParamNames(name: OperationName): string[] {
  return pathParamNames(endpoints[name].path)
}
