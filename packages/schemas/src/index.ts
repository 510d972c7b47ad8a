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
  deleted,
  envelope,
  exactErrorEnvelope,
  type Field,
  field,
  health,
  importResult,
  listEnvelope,
  listMeta,
  preview,
  type Resource,
  recentRequest,
  resource,
  session,
  sessionNotes,
  sessionPage,
  sessionPreview,
  sessionTags,
  sessionWaveform,
  tagCount,
  tagCountList,
  waveform,
  waveformNote,
  waveformNoteLane,
} from './answers/pairs.js'
export {
  type Endpoints,
  endpoints,
  matchOperation,
  operationParamNames,
  operations,
  type RouteMatch,
} from './contract/endpoints.js'
export type { Method, Operation, Route } from './contract/operation.js'
export type {
  AnswerOf,
  BodyOf,
  CallInput,
  ParamsOf,
  ParsedBodyOf,
  ParsedQueryOf,
  QueryOf,
  ReadonlyInput,
} from './contract/routes.js'
export { type OperationName, operationPath, type Routes, routes } from './contract/routes.js'
export { ERRORS, type ErrorEnvelope, errorEnvelope, type KnownErrorCode } from './errors.js'
export { fieldPath, formatIssues, ISSUE_WORDING, issueLines, SERVER_MANAGED_FIELDS } from './format-issues.js'
export { isRecord, NOT_JSON, parseJsonText } from './json-text.js'
export * from './known-values.js'
export { LIMITS } from './known-values.js'
export { isSecretHeader, MASKED, maskToken, redactedHeaderValue, tokenMask } from './mask.js'
export { NOT_FOUND_MESSAGES } from './not-found.js'
export { createOpenApiDocument, type OpenApiDocument } from './openapi.js'
export {
  API_PREFIX,
  apiPath,
  buildPath,
  DEFAULT_BASE_URL,
  matchPath,
  type PathParamNames,
  type PathParams,
  pathParamNames,
} from './paths.js'
export { importBody } from './requests/import-body.js'
export { librarySnapshot, storedSession, storedWaveform, writtenLibrary, writtenSession } from './requests/library.js'
export { queryInput, sessionListQuery, variantQuery } from './requests/list-query.js'
export type * from './requests/named-types.js'
export type * from './requests/named-types.js'
export {
  notesBody,
  previewDefaults,
  SESSION_DEFAULTS,
  sessionCreateBody,
  sessionUpdateBody,
  tagsBody,
} from './requests/session-bodies.js'
export { waveformNotesBody } from './requests/waveform-notes-body.js'
export { type HeaderSource, type RecordedAnswer, validateAnswer } from './validation/answer.js'
export {
  type Departure,
  type DepartureRule,
  formatDeparture,
  type Severity,
  transportDeparture,
  UNKNOWN_ROUTE,
} from './validation/departure.js'
export { checkInput, type InputCheck, type RecordedRequest, validateRequest } from './validation/request.js'
