import { buildPath, type PathParams } from '../paths.js'
import { define } from './define.js'
import { healthRoutes } from './health.js'
import { importsRoutes } from './imports.js'
import type { ParamsOf } from './infer.js'
import { notesRoutes } from './notes.js'
import { previewRoutes } from './preview.js'
import { sessionsRoutes } from './sessions.js'
import { tagCountsRoutes } from './tag-counts.js'
import { tagsRoutes } from './tags.js'
import { waveformRoutes } from './waveform.js'
import { waveformNotesRoutes } from './waveform-notes.js'

/**
 * Every route spec of SPEC §4.1, in its order: what `routes` and `endpoints` are both built from.
 *
 * @example
 * ```ts
 * ROUTE_SPECS['health.get'].method // 'GET'
 * ```
 */
export const ROUTE_SPECS = {
  ...healthRoutes,
  ...sessionsRoutes,
  ...tagsRoutes,
  ...notesRoutes,
  ...previewRoutes,
  ...waveformRoutes,
  ...waveformNotesRoutes,
  ...importsRoutes,
  ...tagCountsRoutes,
}

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
export const routes = define(ROUTE_SPECS)

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
