/**
 * The `zod/mini` namespace the contract is built with, re-exported so that packages which extend
 * its schemas (the mock's stored records and control bodies) use the same Zod without a direct
 * dependency on it.
 *
 * @example
 * ```ts
 * import { session, z } from '@session-library/schemas'
 * const stored = z.extend(session.exact, { client: z.string() })
 * ```
 */
export * as z from 'zod/mini'
export {
  type AnswerOf,
  type BodyOf,
  type Endpoints,
  endpoints,
  type Method,
  matchOperation,
  type Operation,
  type OperationName,
  operationParamNames,
  operationPath,
  operations,
  type ParamsOf,
  type QueryOf,
  type RouteMatch,
} from './endpoints.js'
export { envelope, listEnvelope, sessionPage, tagCountList } from './envelopes.js'
export { ERRORS, type ErrorEnvelope, errorEnvelope, type KnownErrorCode } from './errors.js'
export { exactErrorEnvelope } from './exact.js'
export { fieldPath, formatIssues, SERVER_MANAGED_FIELDS } from './issues.js'
export * from './known-values.js'
export { librarySnapshot, storedSession, storedWaveform } from './library.js'
export { LIMITS } from './limits.js'
export { MASKED, maskToken, tokenMask } from './mask.js'
export { NOT_FOUND_MESSAGES } from './not-found.js'
export { createOpenApiDocument, type OpenApiDocument } from './openapi.js'
export { API_PREFIX, buildPath, matchPath, type PathParamNames, type PathParams, pathParamNames } from './paths.js'
export {
  importBody,
  notesBody,
  previewDefaults,
  queryInput,
  SESSION_DEFAULTS,
  sessionCreateBody,
  sessionListQuery,
  sessionUpdateBody,
  tagsBody,
  variantQuery,
  waveformNotesBody,
} from './requests.js'
export { type Field, field, type Resource, resource } from './resource.js'
export {
  deleted,
  health,
  importResult,
  listMeta,
  preview,
  recentRequest,
  session,
  sessionNotes,
  sessionPreview,
  sessionTags,
  sessionWaveform,
  tagCount,
  waveform,
  waveformNote,
  waveformNoteLane,
} from './resources.js'
export { type Route, type Routes, routes } from './routes.js'
export type * from './types.js'
export { type HeaderSource, type RecordedAnswer, validateAnswer } from './validation/answer.js'
export {
  type Departure,
  type DepartureRule,
  formatDeparture,
  type Severity,
  transportDeparture,
  UNKNOWN_ROUTE,
} from './validation/departure.js'
export { type RecordedRequest, validateRequest } from './validation/request.js'
