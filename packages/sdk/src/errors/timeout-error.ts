import { nameClasses, type RequestDetails, SessionLibraryError, target } from './base.js'

/** An attempt took longer than the `timeout` option, the answer's body included.
 * @example `await client.health({ timeout: 50 }).catch((err) => err instanceof TimeoutError)`
 */
export class TimeoutError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'timeout'
  /** The timeout that ran out, in ms. */
  readonly timeout: number

  /** Builds the error of a request that got no whole answer within `timeout` ms. */
  constructor(timeout: number, request: RequestDetails, message?: string) {
    super(message ?? `${request.operation}: no answer within ${timeout} ms (${target(request)})`, request)
    this.timeout = timeout
  }
}

nameClasses({ TimeoutError })
