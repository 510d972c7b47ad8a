export type {
  CallInput,
  Health,
  ImportResult,
  Kind,
  Mode,
  Preview,
  PreviewStatus,
  ReadonlyInput,
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
} from '@session-library/schemas/client'
export { DEFAULT_BASE_URL } from '@session-library/schemas/client'
export { SessionLibrary } from './client.js'
export { type HeadersInput, redactHeaders } from './core/headers.js'
export {
  type CallOptions,
  type ClientOptions,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type FetchFunction,
  type Hooks,
  type Logger,
  type LogLevel,
  type RetryOption,
  type RetryPolicy,
  type RetryState,
} from './core/options.js'
export {
  DEFAULT_PAGE_SIZE,
  EXTRA_PAGES,
  type PageMethods,
  type SessionListPage,
  type SessionListQuery,
  type SessionPage,
} from './core/pagination.js'
export { ApiPromise, type RawAnswer, type SafeResult } from './core/promise.js'
export { backoffDelay, RETRY_STATUSES } from './core/retry.js'
export type { RequestArgs } from './core/transport.js'
export {
  ApiError,
  type ApiErrorDetails,
  BadRequestError,
  createApiError,
  ForbiddenError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  type UnknownErrorCode,
} from './errors/api-error.js'
export { type ErrorCode, type RequestDetails, SessionLibraryError, UNKNOWN_ERROR_CODE } from './errors/base.js'
export { type ApiErrorOf, type CallError, hasErrorCode, isApiError } from './errors/narrowing.js'
export { AbortedError, NetworkError, TimeoutError } from './errors/no-answer.js'
export { NoNextPageError } from './errors/no-next-page.js'
export { ResponseValidationError } from './errors/response-validation.js'
export type { HealthApi } from './resources/health.js'
export type { ImportRequest, ImportsApi } from './resources/imports.js'
export type { NotesApi } from './resources/notes.js'
export type { PreviewApi } from './resources/preview.js'
export type { DeletedSession, NewSession, SessionChanges, SessionsApi } from './resources/sessions.js'
export type { TagCountsApi } from './resources/tag-counts.js'
export type { TagsApi } from './resources/tags.js'
export type { VariantOptions } from './resources/variant.js'
export type { WaveformApi } from './resources/waveform.js'
export type { WaveformNoteInput, WaveformNotesApi } from './resources/waveform-notes.js'
export {
  DEFAULT_IMPORT_INTERVAL,
  DEFAULT_IMPORT_WAIT,
  type ImportProgress,
  type ImportWaitFailures,
  type ImportWaitOptions,
  type SessionScan,
  waitForImportedSessions,
} from './workflows/import-wait.js'

/** Package version. @example `version // '0.1.0'` */
export const version = '0.1.0'
