import { nameClasses, type RequestDetails, SessionLibraryError } from './base.js'

/** `imports.startAndWait` or `imports.wait` ran out of time before every item had a session; wait
 * again with `client.imports.wait(error.importId, error.missing)`.
 * @example `await client.imports.wait(importId, paths).catch((err) => err instanceof ImportWaitTimeoutError && err.missing)`
 */
export class ImportWaitTimeoutError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'import_wait_timeout'
  /** The import waited for. */
  readonly importId: string
  /** The project paths still without a session, in the items' order. */
  readonly missing: readonly string[]
  /** The wait that ran out, in ms. */
  readonly timeout: number

  /** Builds the error of a wait of `timeout` ms that ended with `missing` paths; the message names the first three. */
  constructor(importId: string, missing: readonly string[], timeout: number, request: RequestDetails) {
    const more = missing.length > 3 ? ` and ${missing.length - 3} more` : ''
    const paths = `${missing.slice(0, 3).join(', ')}${more}`
    super(`${request.operation}: import ${importId} waited ${timeout} ms; no session yet for ${paths}`, request)
    this.importId = importId
    this.missing = missing
    this.timeout = timeout
  }
}

nameClasses({ ImportWaitTimeoutError })
