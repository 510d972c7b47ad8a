import { nameClasses, type RequestDetails, SessionLibraryError } from './base.js'

/** The caller's `signal` aborted the call (`abort()`, `abort(reason)`, `AbortSignal.timeout(ms)`); never retried.
 * @example `await client.health({ signal: AbortSignal.timeout(1_000) }).catch((err) => err instanceof AbortedError && err.reason)`
 */
export class AbortedError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'aborted'
  /** The signal's reason: a DOMException named `AbortError` or `TimeoutError`, or what you passed. */
  readonly reason: unknown

  /** Builds the error of a call the caller's signal ended. */
  constructor(reason: unknown, request: RequestDetails) {
    const said = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)
    const message = `${request.operation}: aborted by the caller's signal (${request.method} ${request.path}): ${said}`
    super(message, request, { cause: reason })
    this.reason = reason
  }
}

nameClasses({ AbortedError })
