import { request } from 'node:http'
import { connect, type Socket } from 'node:net'

/** What {@link rawRequest} got back. */
export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: () => unknown
}

/**
 * A request through `node:http`, which (unlike fetch) lets a test set any `Host` header.
 *
 * @example
 * ```ts
 * const answer = await rawRequest(origin, '/api/v1/health', { headers: { host: 'evil.example' } })
 * ```
 */
export function rawRequest(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: Uint8Array | string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { method: options.method ?? 'GET', headers: options.headers })
    outgoing.once('error', reject)
    outgoing.once('response', (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.once('error', reject)
      incoming.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json: () => JSON.parse(text) })
      })
    })
    outgoing.end(options.body)
  })
}

/**
 * Opens a TCP connection and resolves when the server closes it, with how long that took.
 * `write` sends bytes once connected (e.g. half a request head).
 *
 * @example
 * ```ts
 * const { ms, received } = await untilClosed(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
 * ```
 */
export function untilClosed(port: number, write: string): Promise<{ ms: number; received: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let received = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(write))
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => {
      received += data
    })
    socket.once('error', reject)
    socket.once('close', () => resolve({ ms: performance.now() - started, received, socket }))
  })
}
