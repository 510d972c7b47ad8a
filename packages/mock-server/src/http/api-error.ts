import { ERRORS, type KnownErrorCode } from '@session-library/schemas'
import { InvalidInput, NotFound, Superseded } from '../primitives/errors.js'
import type { JsonValue } from '../runtime/journal-bodies.js'

/** An error answered as the envelope of D4; status and default message from the contract's `ERRORS`. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly headers: Record<string, string>

  /** A code outside `ERRORS` (a fault's, the proxy's 502) needs its `status`. */
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

/**
 * An answer before it becomes a fetch `Response`: the node:http transport writes it as it is, which
 * spares a `Response` and the web stream its body would become.
 */
export interface PlainAnswer {
  status: number
  headers: Record<string, string>
  text: string
  /** What the journal keeps instead of `text`: the value it was made from, when that cannot change. */
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

/** Headers that frame a body: a transport sets them from the body it sends, as a copied one could contradict it. */
export const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection'])

/**
 * A plain `Response` (msw's `HttpResponse.json` also measures the body through a `Blob`) that states
 * its length in bytes, as the standalone server's answers do. Without it, msw 3's socket interceptor
 * ends the body by ending the connection, which costs a test about a sixth of each request.
 */
export function toResponse(answer: PlainAnswer): Response {
  const body = encoder.encode(answer.text)
  const headers = { ...answer.headers, 'Content-Length': `${body.byteLength}` }
  return new Response(body, { status: answer.status, headers })
}

/** The envelope of a known code as a `Response` (the transport's and the control surface's own errors). */
export const errorResponse = (code: KnownErrorCode, message?: string): Response =>
  toResponse(errorText(new ApiError(code, message)))

/**
 * What a thrown value answers: an {@link ApiError} as it is, the store's {@link NotFound} as 404,
 * an {@link InvalidInput} as 400, anything else as the generic 500 of D4 (never the exception's
 * message, which goes to health's `lastError`). The token is masked (D2).
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

/** Whether a thrown value is an answer of the API (not a bug): its message is the answer's. */
export const isAnswer = (caught: unknown): boolean =>
  caught instanceof ApiError || caught instanceof NotFound || caught instanceof InvalidInput

/**
 * The code and message of a fault's status, from the contract's one table of codes (`ERRORS`: 500
 * `internal_error`, 503 `storage_unavailable`…), else 429 `rate_limited`, else `http_<status>`.
 */
export function faultError(status: number): { code: string; message: string } {
  const known = Object.entries(ERRORS).find(([, error]) => error.status === status)
  if (known) return { code: known[0], message: known[1].message }
  if (status === 429) return { code: 'rate_limited', message: 'Too many requests.' }
  return { code: `http_${status}`, message: `Injected fault: HTTP ${status}.` }
}

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
