import { ERRORS, type KnownErrorCode } from '@session-library/schemas'

/**
 * An error answer of the transport itself, in the API's envelope (D4): status, code and message come
 * from the contract's `ERRORS`, unless a message is given.
 *
 * @example
 * ```ts
 * errorResponse('payload_too_large').status // 413
 * ```
 */
export function errorResponse(code: KnownErrorCode, message: string = ERRORS[code].message): Response {
  const { status } = ERRORS[code]
  return Response.json({ error: { status, code, message } }, { status })
}
