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
export type {
  PageMethods,
  PagesMode,
  SessionListPage,
  SessionListQuery,
  SessionPage,
  WalkedPage,
  WalkOptions,
  WalkPagesOptions,
} from './core/pagination.js'
export { DEFAULT_PAGE_SIZE, EXTRA_PAGES, walkPages } from './core/pagination.js'
export { ApiPromise, type RawAnswer, type SafeResult } from './core/promise.js'
export type { RequestArgs } from './core/transport.js'
export type { ApiErrorDetails, ApiErrorOf, UnknownErrorCode } from './errors/api-error.js'
export {
  ApiError,
  BadRequestError,
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
} from './errors/api-error.js'
export { type ErrorCode, type RequestDetails, SessionLibraryError, UNKNOWN_ERROR_CODE } from './errors/base.js'
export {
  AbortedError,
  type CallError,
  ImportWaitTimeoutError,
  NetworkError,
  NoNextPageError,
  type PaginationContext,
  PaginationError,
  type PaginationProblem,
  ResponseValidationError,
  TimeoutError,
} from './errors/sdk-errors.js'
export type { ImportRequest, ImportsApi } from './resources/imports.js'
export type { NotesApi } from './resources/notes.js'
export type { DeletedSession, NewSession, SessionChanges, SessionsApi } from './resources/sessions.js'
export type { HealthApi, PreviewApi, TagCountsApi, VariantOptions, WaveformApi } from './resources/single-reads.js'
export type { TagsApi } from './resources/tags.js'
export type { WaveformNoteInput, WaveformNotesApi } from './resources/waveform-notes.js'
export { version } from './version.js'
export type { ImportProgress, ImportWaitFailures, ImportWaitOptions, SessionScan } from './workflows/import-wait.js'
export { DEFAULT_IMPORT_INTERVAL, DEFAULT_IMPORT_WAIT, waitForImportedSessions } from './workflows/import-wait.js'
