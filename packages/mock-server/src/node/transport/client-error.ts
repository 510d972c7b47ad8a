import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { KnownErrorCode } from '@session-library/schemas'
import { ApiError, errorText } from '../../http/api-error.js'

/** The error of each parser error Node names (D20); anything else in a request head is a 400 `invalid_json` (D4). */
const CODES: Record<string, KnownErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'payload_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
}

/** What {@link answerClientError} sent on a connection, for the request it cut short. */
const answered = new WeakMap<Duplex, { status: number; code: string }>()

/**
 * Answers a head Node's parser refused (D20: 431, 408; D4: any other `invalid_json`, oversized
 * chunk extensions 413) in the API's envelope, then closes the connection (`clientError` event).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const known = CODES[error.code ?? '']
  const { status, text: body } = errorText(
    known ? new ApiError(known) : new ApiError('invalid_json', 'Request head is malformed.'),
  )
  // As Node does: only when no answer on this connection has started, else it would be corrupted.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
    answered.set(socket, { status, code: known ?? 'invalid_json' })
  }
  socket.destroy()
}

/**
 * The answer {@link answerClientError} sent on this connection, if any: a request whose body was
 * still arriving when the request timeout cut it short (408) was answered there, not by its handler.
 */
export function clientErrorAnswer(socket: Duplex): { status: number; code: string } | undefined {
  return answered.get(socket)
}
