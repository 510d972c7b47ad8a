import type { KnownErrorCode, OpenString, OperationName } from '@session-library/schemas/client'

/**
 * An error code of the API: one the contract knows, or any other string a newer server sends.
 *
 * @example
 * ```ts
 * import type { ErrorCode } from '@session-library/sdk'
 * const code: ErrorCode = 'read_only'
 * ```
 */
export type ErrorCode = OpenString<KnownErrorCode>

/**
 * The code an {@link ApiError} carries when the answer was not the API's error envelope
 * (e.g. an HTML page from a proxy). Not a code of the contract: test for it with `hasErrorCode`.
 *
 * @example
 * ```ts
 * import { UNKNOWN_ERROR_CODE, hasErrorCode } from '@session-library/sdk'
 * if (hasErrorCode(err, UNKNOWN_ERROR_CODE)) console.log(err.status, err.body)
 * ```
 */
export const UNKNOWN_ERROR_CODE = 'unknown_error'

/**
 * What an error knows about the request that failed.
 *
 * @example
 * ```ts
 * import type { RequestDetails } from '@session-library/sdk'
 * const info: RequestDetails = { operation: 'health.get', method: 'GET', path: '/api/v1/health', url: 'http://127.0.0.1:4777/api/v1/health' }
 * ```
 */
export interface RequestDetails {
  /** The operation of the contract, e.g. `sessions.get`. */
  operation: OperationName
  /** HTTP method of the request. */
  method: string
  /** Path of the request below the host, e.g. `/api/v1/sessions/ses_1`. */
  path: string
  /** Full URL of the request (it never holds the token). */
  url: string
}

/**
 * Base class of every error the SDK throws: answers with an error status ({@link ApiError} and its
 * subclasses), no answer ({@link NetworkError}, {@link TimeoutError}), the caller's abort
 * ({@link AbortedError}), an answer that breaks the contract ({@link ResponseValidationError}) and
 * `page.nextPage()` past the last page ({@link NoNextPageError}).
 * Each class's `name` is set on its prototype from a string, so that it survives a minifier.
 *
 * @example
 * ```ts
 * import { SessionLibraryError } from '@session-library/sdk'
 * try { await client.health() } catch (err) { if (err instanceof SessionLibraryError) console.log(err.operation) }
 * ```
 */
export class SessionLibraryError extends Error {
  /** The operation of the contract, e.g. `sessions.get`. */
  readonly operation: OperationName
  /** HTTP method of the request. */
  readonly method: string
  /** Path of the request below the host, e.g. `/api/v1/sessions/ses_1`. */
  readonly path: string
  /** Full URL of the request (it never holds the token). */
  readonly url: string

  /** Builds the error of one request; `message` is used as given. */
  constructor(message: string, request: RequestDetails, options?: ErrorOptions) {
    super(message, options)
    this.operation = request.operation
    this.method = request.method
    this.path = request.path
    this.url = request.url
  }
}

/**
 * Sets each class's `name` on its prototype from the key it is given under: a minifier renames
 * classes but keeps property keys, so `error.name` stays `NotFoundError` in a minified bundle.
 *
 * @example `nameClasses({ NotFoundError })`
 */
export function nameClasses(classes: Record<string, abstract new (...args: never[]) => Error>): void {
  for (const [name, Class] of Object.entries(classes)) {
    Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true })
  }
}

nameClasses({ SessionLibraryError })
