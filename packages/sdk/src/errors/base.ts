import type { KnownErrorCode, OpenString, OperationName } from '@session-library/schemas/client'

/** An error code of the API: one the contract knows, or any other string a newer server sends. */
export type ErrorCode = OpenString<KnownErrorCode>

/** The code of an {@link ApiError} whose answer was not the API's envelope: test it with `hasErrorCode`. */
export const UNKNOWN_ERROR_CODE = 'unknown_error'

/** What an error knows about the request that failed. */
export interface RequestDetails extends Pick<SessionLibraryError, 'operation' | 'method' | 'path' | 'url'> {}

/** Base class of every error the SDK throws ({@link CallError} lists them); `name` survives a minifier.
 * @example `await client.health().catch((err) => err instanceof SessionLibraryError && err.operation)`
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

// A minifier renames classes but keeps property keys: `name` is set from the key.
export function nameClasses(classes: Record<string, abstract new (...args: never[]) => Error>): void {
  for (const [name, Class] of Object.entries(classes)) {
    Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true })
  }
}

nameClasses({ SessionLibraryError })

// The details of a request known only by its URL (`''` when a fetch gave none).
export function requestAt(operation: OperationName, method: string, url: string): RequestDetails {
  return { operation, method, path: url && new URL(url).pathname, url }
}

export const target = (request: RequestDetails) => `${request.method} ${new URL(request.url).origin}${request.path}`
