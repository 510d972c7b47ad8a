// The client entry: what a client needs to send an operation and read its answer, and no exact schema,
// request schema or OpenAPI text, so that an SDK bundle carries none; the main entry adds the rest.

export type * from './contract/named-types.js'
export type { Convenience, Effect, Method, Route } from './contract/operation.js'
export type { AnswerOf, BodyOf, CallInput, ParamsOf, QueryOf, ReadonlyInput } from './contract/routes.js'
export { type OperationName, operationPath, type Routes, routes } from './contract/routes.js'
export { type LossInput, type LossReader, lossQuestion, mayLoseData } from './data-loss.js'
export { ERRORS, type ErrorEnvelope, errorEnvelope, type KnownErrorCode } from './errors.js'
export { fieldPath, ISSUE_WORDING, issueLines } from './format-issues.js'
export { isDestructive, nameIn, type SdkMethodsOf, spell, type Usage, usages } from './front-ends.js'
export { isRecord, NOT_JSON, parseJsonText } from './json-text.js'
export {
  type Kind,
  LIMITS,
  type Mode,
  type OpenString,
  type PreviewStatus,
  type SortKey,
  type Status,
} from './known-values.js'
export { isSecretHeader, MASKED, maskToken, redactedHeaderValue, tokenMask } from './mask.js'
export {
  API_PREFIX,
  buildPath,
  DEFAULT_BASE_URL,
  isDotSegment,
  type PathParamNames,
  type PathParams,
  pathParamNames,
  searchParams,
} from './paths.js'
