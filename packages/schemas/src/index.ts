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
export { envelope, listEnvelope, sessionPage, tagCountList } from './answers/envelope-pairs.js'
export { exactErrorEnvelope } from './answers/exact.js'
export type * from './answers/named-types.js'
export { type Field, field, type Resource, resource } from './answers/resource-builder.js'
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
} from './answers/resource-pairs.js'
export { librarySnapshot, storedSession, storedWaveform } from './answers/stored-library.js'
export { type Endpoints, endpoints, operations } from './contract/endpoints.js'
export type {
  AnswerOf,
  BodyOf,
  CallInput,
  ParamsOf,
  ParsedBodyOf,
  ParsedQueryOf,
  QueryOf,
  ReadonlyInput,
} from './contract/infer.js'
export { matchOperation, operationParamNames, type RouteMatch } from './contract/match.js'
export type { Method, Operation, Route } from './contract/operation.js'
export { type OperationName, operationPath, type Routes, routes } from './contract/routes.js'
export { ERRORS, type ErrorEnvelope, errorEnvelope, type KnownErrorCode } from './errors.js'
export { fieldPath } from './field-path.js'
export { formatIssues, ISSUE_WORDING, issueLines, SERVER_MANAGED_FIELDS } from './format-issues.js'
export { isRecord } from './is-record.js'
export { NOT_JSON, parseJsonText } from './json-text.js'
export * from './known-values.js'
export { LIMITS } from './limits.js'
export { MASKED, maskToken, tokenMask } from './mask.js'
export { NOT_FOUND_MESSAGES } from './not-found.js'
export { createOpenApiDocument, type OpenApiDocument } from './openapi.js'
export {
  API_PREFIX,
  buildPath,
  DEFAULT_BASE_URL,
  matchPath,
  type PathParamNames,
  type PathParams,
  pathParamNames,
} from './paths.js'
export { importBody } from './requests/import-body.js'
export { sessionListQuery, variantQuery } from './requests/list-query.js'
export type * from './requests/named-types.js'
export { queryInput } from './requests/query-input.js'
export {
  notesBody,
  previewDefaults,
  SESSION_DEFAULTS,
  sessionCreateBody,
  sessionUpdateBody,
  tagsBody,
} from './requests/session-bodies.js'
export { waveformNotesBody } from './requests/waveform-notes-body.js'
export { writtenLibrary, writtenSession } from './requests/written-library.js'
export { isSecretHeader, redactedHeaderValue } from './secret-headers.js'
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
