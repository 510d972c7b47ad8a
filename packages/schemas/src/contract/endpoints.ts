import { contractFields, define, type Operation } from './define.js'
import { healthContracts } from './health.js'
import { importsContracts } from './imports.js'
import { notesContracts } from './notes.js'
import { previewContracts } from './preview.js'
import { ROUTE_SPECS } from './routes.js'
import { sessionsContracts } from './sessions.js'
import { tagCountsContracts } from './tag-counts.js'
import { tagsContracts } from './tags.js'
import { waveformContracts } from './waveform.js'
import { waveformNotesContracts } from './waveform-notes.js'

/**
 * The endpoint table: every operation of SPEC §4.1 (18; the GET on waveform-notes must not exist),
 * keyed by its stable name: the client's routes, each completed with its exact answer, body,
 * query, documented errors and OpenAPI text. The mock and the OpenAPI document are derived from it.
 *
 * @example
 * ```ts
 * import { endpoints } from '@session-library/schemas'
 * endpoints['sessions.create'].status // 201
 * ```
 */
export const endpoints = define(
  ROUTE_SPECS,
  contractFields({
    ...healthContracts,
    ...sessionsContracts,
    ...tagsContracts,
    ...notesContracts,
    ...previewContracts,
    ...waveformContracts,
    ...waveformNotesContracts,
    ...importsContracts,
    ...tagCountsContracts,
  }),
)

/**
 * The endpoint table's type.
 *
 * @example
 * ```ts
 * import type { Endpoints } from '@session-library/schemas'
 * type CreateStatus = Endpoints['sessions.create']['status'] // 201
 * ```
 */
export type Endpoints = typeof endpoints

/**
 * Every operation of the table, in SPEC §4.1's order.
 *
 * @example
 * ```ts
 * import { operations } from '@session-library/schemas'
 * operations.length // 18
 * ```
 */
export const operations: readonly Operation[] = Object.values(endpoints)
