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
  backoffDelay,
  type CallOptions,
  type ClientOptions,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type FetchFunction,
  type Hooks,
  type Logger,
  type LogLevel,
  RETRY_STATUSES,
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
export type { RequestArgs } from './core/transport.js'
export { AbortedError } from './errors/aborted-error.js'
export {
  ApiError,
  type ApiErrorDetails,
  type ApiErrorOf,
  BadRequestError,
  type CallError,
  createApiError,
  ForbiddenError,
  hasErrorCode,
  isApiError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  type UnknownErrorCode,
} from './errors/api-error.js'
export { type ErrorCode, type RequestDetails, SessionLibraryError, UNKNOWN_ERROR_CODE } from './errors/base.js'
export { NetworkError } from './errors/network-error.js'
export { NoNextPageError } from './errors/no-next-page.js'
export { ResponseValidationError } from './errors/response-validation.js'
export { TimeoutError } from './errors/timeout-error.js'
export type { HealthApi } from './resources/health.js'
export type { ImportRequest, ImportsApi } from './resources/imports.js'
export type { NotesApi } from './resources/notes.js'
export type { PreviewApi } from './resources/preview.js'
export type { DeletedSession, NewSession, SessionChanges, SessionsApi } from './resources/sessions.js'
export type { TagCountsApi } from './resources/tag-counts.js'
export type { TagsApi } from './resources/tags.js'
export type { VariantOptions, WaveformApi } from './resources/waveform.js'
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

/** The package's version. */
export const version = '0.1.0'
