import { buildPath, type PathParams } from '../paths.js'
import type { ParamsOf } from './infer.js'
import { table } from './operation.js'
import { ROUTE_SPECS } from './route-specs.js'

/**
 * The client's table: every operation of SPEC §4.1 (18; the GET on waveform-notes must not exist)
 * with its method, path, success status, idempotence and tolerant answer envelope. The full
 * `endpoints` table of the main entry adds the rest to these same entries.
 */
export const routes = table(ROUTE_SPECS)

/** The client table's type. */
export type Routes = typeof routes

/** A stable operation name, e.g. `sessions.list`. */
export type OperationName = keyof Routes

/** Builds the path of an operation (relative to `API_PREFIX`) from its parameters. */
export function operationPath<Name extends OperationName>(name: Name, params: ParamsOf<Name>): string {
  return buildPath(routes[name].path, params as PathParams<string>)
}
