import { connect } from 'node:net'

/**
 * A slow client: opens a connection, sends `head` all at once, then `trickle` one byte every
 * `everyMs`, and resolves when the server closes the connection, with what it answered and how
 * long that took. A client that never stops sending is never idle, so only a total time limit
 * stops it (slow loris).
 *
 * @example
 * ```ts
 * const { ms, received } = await trickleUntilClosed(port, 'GET / HTTP/1.1\r\n', 'X-A: b\r\n'.repeat(1000), 50)
 * ```
 */
export function trickleUntilClosed(
  port: number,
  head: string,
  trickle: string,
  everyMs: number,
): Promise<{ ms: number; received: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let received = ''
    let sent = 0
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    const timer = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++] as string)
    }, everyMs)
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => {
      received += data
    })
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // The server may reset a connection it refused while bytes were still on their way.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error)
    })
    socket.once('close', () => {
      clearInterval(timer)
      resolve({ ms: performance.now() - started, received })
    })
  })
}

/**
 * A `POST /sessions` whose declared 1,000-byte body is trickled a byte every 20 ms: it outlasts any
 * request timeout a test sets.
 *
 * @example
 * ```ts
 * const { received } = await trickleCreateBody(server.port, TOKEN)
 * ```
 */
export function trickleCreateBody(port: number, token: string) {
  const head = [
    'POST /api/v1/sessions HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    'Content-Length: 1000',
  ]
  return trickleUntilClosed(port, `${head.join('\r\n')}\r\n\r\n{"title":"`, 'x'.repeat(1_000), 20)
}
