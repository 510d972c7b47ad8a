import { ERRORS, type KnownErrorCode } from '@session-library/schemas'

/**
 * An error an override answers: the envelope of D4 with the code's status and SPEC's message
 * unless another is given. Built by `api.error(code)`.
 */
export class OverrideError<Code extends KnownErrorCode = KnownErrorCode> {
  readonly status: number
  readonly code: Code
  readonly message: string
  readonly headers: Record<string, string> = {}

  constructor(code: Code, message?: string) {
    if (!Object.hasOwn(ERRORS, code)) throw new TypeError(`unknown error code: ${JSON.stringify(code)}`)
    this.status = ERRORS[code].status
    this.code = code
    this.message = message ?? ERRORS[code].message
  }
}
