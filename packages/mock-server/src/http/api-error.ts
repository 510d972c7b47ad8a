import { ERRORS, type KnownErrorCode } from '@session-library/schemas'
import { InvalidInput, NotFound, Superseded } from '../primitives/errors.js'
import type { JsonValue } from '../runtime/journal-bodies.js'

/** An error answered as the envelope of D4; status and default message from the contract's `ERRORS`. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly headers: Record<string, string>

  /** A code outside `ERRORS` needs its `status`. */
  constructor(
    code: KnownErrorCode | (string & {}),
    message?: string,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    const known = Object.hasOwn(ERRORS, code) ? ERRORS[code as KnownErrorCode] : undefined
    super(message ?? known?.message ?? code)
    this.code = code
    this.status = options.status ?? known?.status ?? 500
    this.headers = options.headers ?? {}
  }
}

/** An answer before it becomes a `Response`: the node:http transport writes it as it is, sparing one. */
export interface PlainAnswer {
  status: number
  headers: Record<string, string>
  text: string
  source?: JsonValue
}

/** A JSON answer, already serialized (D4: always `application/json`). */
export function jsonText(status: number, text: string, headers: Record<string, string> = {}): PlainAnswer {
  return { status, headers: { ...headers, 'Content-Type': 'application/json' }, text }
}

/** The one error envelope builder: `{error: {status, code, message}}` (D4). */
export function errorText(error: Pick<ApiError, 'status' | 'code' | 'message' | 'headers'>): PlainAnswer {
  const { status, code, message } = error
  return jsonText(status, JSON.stringify({ error: { status, code, message } }), error.headers)
}

const encoder = new TextEncoder()

/** Headers that frame a body: a transport sets them from the body it sends. */
export const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection'])

/**
 * A plain `Response` that states its length: without it, msw 3's socket interceptor ends the body by
 * ending the connection, a sixth of each request.
 */
export function toResponse(answer: PlainAnswer): Response {
  const body = encoder.encode(answer.text)
  const headers = { ...answer.headers, 'Content-Length': `${body.byteLength}` }
  return new Response(body, { status: answer.status, headers })
}

/** The envelope of a known code as a `Response`. */
export const errorResponse = (code: KnownErrorCode, message?: string): Response =>
  toResponse(errorText(new ApiError(code, message)))

/**
 * What a thrown value answers: an {@link ApiError}, {@link NotFound} as 404, {@link InvalidInput} as
 * 400, anything else the generic 500 of D4 (its message goes to `lastError`). The token is masked (D2).
 */
export function asApiError(caught: unknown, mask: (text: string) => string): ApiError {
  const error =
    caught instanceof ApiError
      ? caught
      : caught instanceof NotFound
        ? new ApiError('not_found', caught.message)
        : caught instanceof InvalidInput
          ? new ApiError('invalid_json', caught.message)
          : new ApiError('internal_error', caught instanceof Superseded ? caught.message : undefined)
  const message = mask(error.message)
  if (message === error.message) return error
  return new ApiError(error.code, message, { status: error.status, headers: error.headers })
}

/** Whether a thrown value is an answer of the API, not a bug. */
export const isAnswer = (caught: unknown): boolean =>
  caught instanceof ApiError || caught instanceof NotFound || caught instanceof InvalidInput

/** An error an override answers (`api.error(code)`): the code's status and SPEC's message unless given. */
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
