import { nameClasses, type RequestDetails, SessionLibraryError } from './base.js'

/** A success answer that breaks the contract's tolerant schema, is not JSON, or exceeds `maxAnswerBytes`.
 * @example `await client.health().catch((err) => err instanceof ResponseValidationError && err.issues)`
 */
export class ResponseValidationError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'invalid_answer'
  /** One line per problem: `data.title: expected string`. */
  readonly issues: readonly string[]
  /** The body as received. */
  readonly body: unknown

  /** Builds the error from the problems found in `body`. */
  constructor(issues: readonly string[], body: unknown, request: RequestDetails) {
    super(`${request.operation}: the answer does not match the contract: ${issues.join('; ')}`, request)
    this.issues = issues
    this.body = body
  }
}

nameClasses({ ResponseValidationError })
