import { once } from 'node:events'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerClientError, createRequestListener, isEventStream, type ListenerOptions } from './http-adapter.js'
import { nodeHttp } from './node-http.js'

/** Time limits of the server, in ms (D18): a client that trickles or idles past them loses the connection. */
export interface ServerTimeouts {
  /** Time to receive the whole request head. Default 10,000. */
  headers?: number
  /** Time to receive the whole request, body included. Default 30,000; never below `headers`. */
  request?: number
  /** Idle time of a kept-alive connection. Default 5,000. */
  keepAlive?: number
}

interface ServeOptions extends ListenerOptions {
  port?: number
  host?: string
  timeouts?: ServerTimeouts
}

export interface ServingServer {
  server: Server
  origin: string
  port: number
  close(): Promise<void>
}

const DEFAULT_PORT = 4777
const DEFAULT_HOST = '127.0.0.1'

/** A bound address for a URL: an IPv6 address in brackets, a wildcard bind reached through loopback. */
export function urlHost(host: string): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return reachable.includes(':') ? `[${reachable}]` : reachable
}

/** Serves MSW handlers over HTTP with {@link createRequestListener}, bound to loopback by default. */
export async function serveHandlers(options: ServeOptions): Promise<ServingServer> {
  const headersTimeout = options.timeouts?.headers ?? 10_000
  const listener = createRequestListener(options)
  const responses = closingResponses()
  const server = nodeHttp.createServer(
    {
      ServerResponse: responses.ServerResponse,
      headersTimeout,
      requestTimeout: Math.max(options.timeouts?.request ?? 30_000, headersTimeout),
      keepAliveTimeout: options.timeouts?.keepAlive ?? 5_000,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeout / 2)),
      // A missing Host is answered by the listener, in the error envelope (D20).
      requireHostHeader: false,
    },
    (incoming, res) => void listener(incoming, res),
  )
  server.on('clientError', answerClientError)
  const host = options.host ?? DEFAULT_HOST
  // Rejects with the server's 'error' (a port in use) instead.
  await once(server.listen(options.port ?? DEFAULT_PORT, host), 'listening')
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve, reject) => {
      responses.close()
      server.close((error) => (error ? reject(error) : resolve()))
      server.closeIdleConnections()
    })
  return { server, origin: `http://${urlHost(host)}:${port}`, port, close }
}

const KEEP_ALIVE = Symbol('keepAlive')

/**
 * Responses that know their server is closing: `Connection: close` from then on, event streams cut.
 * Asked when a head is written, not tracked per request (that cost a few percent).
 */
function closingResponses() {
  let closing = false
  const streams = new Set<ServerResponse>()
  class ClosingResponse extends nodeHttp.ServerResponse {
    override flushHeaders(): void {
      super.flushHeaders()
      if (!isEventStream({ get: (name) => this.getHeader(name)?.toString() ?? null })) return
      streams.add(this)
      this.once('close', () => streams.delete(this))
    }
  }
  // An accessor where node:http has a plain property: Node reads it when it writes the head.
  Object.defineProperty(ClosingResponse.prototype, 'shouldKeepAlive', {
    get(this: Record<symbol, boolean>) {
      return this[KEEP_ALIVE] !== false && !closing
    },
    set(this: Record<symbol, boolean>, value: boolean) {
      this[KEEP_ALIVE] = value
    },
  })
  return {
    ServerResponse: ClosingResponse,
    close() {
      closing = true
      for (const res of streams) res.destroy()
    },
  }
}
