import type { Duplex } from 'node:stream'
import { ERRORS } from '@session-library/schemas'

/** Node's status for each parser error it names; anything else in a request head is a 400. */
const STATUSES: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request head is too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: ERRORS.payload_too_large.message },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Request took too long to arrive.' },
}

/** What {@link answerClientError} sent on a connection, for the request it cut short. */
const answered = new WeakMap<Duplex, { status: number; code: string }>()

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
}

/**
 * Answers a request that Node's parser refused before any handler saw it (a malformed or oversized
 * head, a slow loris) in the API's JSON envelope (D4: bad input of any kind is `invalid_json`,
 * oversized bodies `payload_too_large`), where Node alone would send a bodyless answer; then closes
 * the connection. Wire it to the server's `clientError` event.
 *
 * @example
 * ```ts
 * server.on('clientError', answerClientError)
 * ```
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const { status, message } = STATUSES[error.code ?? ''] ?? { status: 400, message: 'Request head is malformed.' }
  const code = status === 413 ? 'payload_too_large' : 'invalid_json'
  const body = JSON.stringify({ error: { status, code, message } })
  // As Node does: only when no answer on this connection has started, else it would be corrupted.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
    answered.set(socket, { status, code })
  }
  socket.destroy()
}

/**
 * The answer {@link answerClientError} sent on this connection, if any: a request whose body was
 * still arriving when the request timeout cut it short (408) was answered there, not by its handler.
 *
 * @example
 * ```ts
 * const sent = clientErrorAnswer(incoming.socket) // { status: 408, code: 'invalid_json' } | undefined
 * ```
 */
export function clientErrorAnswer(socket: Duplex): { status: number; code: string } | undefined {
  return answered.get(socket)
}
