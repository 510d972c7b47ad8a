import { buildPath, type PathParams } from '../paths.js'
import type { ParamsOf } from './infer.js'
import { table } from './operation.js'
import { ROUTE_SPECS } from './route-specs.js'

/**
 * The client's table: every operation of SPEC §4.1 (18; the GET on waveform-notes must not exist)
 * with its method, path, success status, idempotence and tolerant answer envelope. The full
 * `endpoints` table of the main entry adds the rest to these same entries.
 *
 * @example
 * ```ts
 * import { routes } from '@session-library/schemas/client'
 * routes['sessions.create'].status // 201
 * ```
 */
export const routes = table(ROUTE_SPECS)

/**
 * The client table's type.
 *
 * @example
 * ```ts
 * import type { Routes } from '@session-library/schemas/client'
 * type CreateStatus = Routes['sessions.create']['status'] // 201
 * ```
 */
export type Routes = typeof routes

/**
 * A stable operation name, e.g. `sessions.list`.
 *
 * @example
 * ```ts
 * import type { OperationName } from '@session-library/schemas/client'
 * const name: OperationName = 'tags.put'
 * ```
 */
export type OperationName = keyof Routes

/**
 * Builds the path of an operation (relative to `API_PREFIX`) from its parameters.
 *
 * @example
 * ```ts
 * import { operationPath } from '@session-library/schemas/client'
 * operationPath('notes.get', { id: 'ses 1' }) // '/sessions/ses%201/notes'
 * ```
 */
export function operationPath<Name extends OperationName>(name: Name, params: ParamsOf<Name>): string {
  return buildPath(routes[name].path, params as PathParams<string>)
}
