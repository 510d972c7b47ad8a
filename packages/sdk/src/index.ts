export type {
  Health,
  ImportResult,
  Kind,
  Mode,
  Preview,
  PreviewStatus,
  Session,
  SessionNotes,
  SessionPreview,
  SessionTags,
  SessionWaveform,
  SortKey,
  Status,
  TagCount,
  Waveform,
  WaveformNote,
  WaveformNoteLane,
} from '@session-library/schemas'
export {
  ApiError,
  type ApiErrorDetails,
  type ApiErrorOf,
  BadRequestError,
  createApiError,
  ForbiddenError,
  isApiError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
} from './api-errors.js'
export { ApiPromise, type RawAnswer, type SafeResult } from './api-promise.js'
export { type ImportRequest, SessionLibrary } from './client.js'
export { DEFAULT_BASE_URL } from './config.js'
export {
  AbortedError,
  type ErrorCode,
  NetworkError,
  type RequestDetails,
  ResponseValidationError,
  SessionLibraryError,
  TimeoutError,
  UNKNOWN_ERROR_CODE,
} from './errors.js'
export { redactHeaders } from './headers.js'
export type { NotesApi } from './notes.js'
export {
  type CallOptions,
  type ClientOptions,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type FetchFunction,
  type Hooks,
  type Logger,
  type RetryOption,
  type RetryPolicy,
  type RetryState,
} from './options.js'
export { DEFAULT_PAGE_SIZE, EXTRA_PAGES } from './pagination.js'
export { backoffDelay, RETRY_STATUSES } from './retry.js'
export type {
  DeletedSession,
  NewSession,
  SessionChanges,
  SessionListQuery,
  SessionPage,
  SessionsApi,
} from './sessions.js'
export type { TagsApi } from './tags.js'
export type { CallInput, RequestArgs } from './transport.js'
export type { VariantOptions, WaveformNoteInput, WaveformNotesApi } from './waveform-notes.js'

/** Package version. @example `version // '0.1.0'` */
export const version = '0.1.0'
