import { ERRORS } from '@session-library/schemas'

/**
 * An error answer the pipeline sends as `{error: {status, code, message}}` (D4); the status and the
 * default message come from the contract's `ERRORS`.
 *
 * @example
 * ```ts
 * throw new ApiError('not_found', NOT_FOUND_MESSAGES.variant)
 * ```
 */
export class ApiError extends Error {
  readonly code: keyof typeof ERRORS
  readonly status: number
  readonly headers: Record<string, string>

  constructor(
    code: keyof typeof ERRORS,
    message?: string,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message ?? ERRORS[code].message)
    this.code = code
    this.status = options.status ?? ERRORS[code].status
    this.headers = options.headers ?? {}
  }
}

/**
 * The error with the token masked in its message (D2: never in an error message), for messages
 * that quote the request, e.g. an unknown body key that happens to be the token.
 *
 * @example
 * ```ts
 * errorText(withoutToken(error, runtime.mask))
 * ```
 */
export function withoutToken(error: ApiError, mask: (text: string) => string): ApiError {
  const message = mask(error.message)
  if (message === error.message) return error
  return new ApiError(error.code, message, { status: error.status, headers: error.headers })
}
