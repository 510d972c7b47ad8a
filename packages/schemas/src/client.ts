// The client entry, `@session-library/schemas/client`: only what a client needs to send an operation
// and read its answer. It imports no exact schema, request schema or OpenAPI text, so that a bundle
// of the SDK carries none of them; the main entry re-exports all of it and adds the rest.

export type { BodyOf, QueryOf } from './endpoints.js'
export { ERRORS, type ErrorEnvelope, errorEnvelope, type KnownErrorCode } from './errors.js'
export type { Kind, Mode, OpenString, PreviewStatus, SortKey, Status } from './known-values.js'
export { MASKED, maskToken, tokenMask } from './mask.js'
export { API_PREFIX, buildPath, type PathParamNames, type PathParams } from './paths.js'
export {
  type AnswerOf,
  type Method,
  type OperationName,
  operationPath,
  type ParamsOf,
  type Route,
  type Routes,
  routes,
} from './routes.js'
export type * from './types.js'
