/**
 * The `zod/mini` namespace the contract is built with, so that packages extending its schemas (the
 * mock's records and control bodies) use the same Zod without depending on it.
 *
 * @example
 * ```ts
 * import { session, z } from '@session-library/schemas'
 * const stored = z.extend(session.exact, { client: z.string() })
 * ```
 */
export * as z from 'zod/mini'
export * from './answers/pairs.js'
export { acceptsAsIs } from './as-is.js'
export { textOf } from './call-texts.js'
export * from './client.js'
export {
  type Endpoints,
  endpoints,
  matchOperation,
  operationParamNames,
  operations,
  type RouteMatch,
} from './contract/endpoints.js'
export { importBody } from './contract/imports.js'
export * from './contract/library.js'
export { notesBody } from './contract/notes.js'
export { type ConvenienceSpec, documentedStatuses, type Operation } from './contract/operation.js'
export * from './contract/routes.js'
export {
  compareSessions,
  compareText,
  DEFAULT_SORT,
  type ListedSession,
  missedFilter,
  missingTag,
  previewDefaults,
  SESSION_DEFAULTS,
  type SessionFilter,
  searchText,
  sessionCreateBody,
  sessionFilter,
  sessionListQuery,
  sessionOrder,
  sessionUpdateBody,
} from './contract/sessions.js'
export { tagsBody } from './contract/tags.js'
export { variantQuery } from './contract/waveform.js'
export { waveformNotesBody } from './contract/waveform-notes.js'
export * from './format-issues.js'
export * from './known-values.js'
export { lazy } from './lazy.js'
export { escapeRegExp } from './mask.js'
export * from './not-found.js'
export * from './openapi.js'
export * from './operation-fields.js'
export * from './paths.js'
export { type HeaderSource, type RecordedAnswer, validateAnswer } from './validation/answer.js'
export {
  DEPARTURE_RULES,
  type Departure,
  type DepartureRule,
  formatDeparture,
  type Severity,
  transportDeparture,
  UNKNOWN_ROUTE,
} from './validation/departure.js'
export {
  RECORDING_VERSION,
  type RecordedExchange,
  type Recording,
  recordingSchema,
} from './validation/recording.js'
export { checkInput, type InputCheck, type RecordedRequest, validateRequest } from './validation/request.js'
