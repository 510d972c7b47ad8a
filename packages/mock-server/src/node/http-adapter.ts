import type { IncomingMessage, ServerResponse } from 'node:http'
import { type KnownErrorCode, LIMITS, NOT_FOUND_MESSAGES } from '@session-library/schemas'
import type { RequestHandler } from 'msw'
import { directResponder } from '../http/direct-dispatch.js'
import type { TransportAnswer } from '../types.js'
import { PayloadTooLargeError, readBody } from './body-limit.js'
import { clientErrorAnswer } from './client-error.js'
import { corsPolicy } from './cors.js'
import { errorResponse } from './error-response.js'
import { createHostCheck } from './host-check.js'

/**
 * One answered request, as the transport reports it to a logger. Holds no header, so never the token.
 *
 * @example
 * ```ts
 * const line = ({ method, url, status, ms }: ExchangeSummary) => `${method} ${url} ${status} ${ms}ms`
 * ```
 */
export interface ExchangeSummary {
  method: string
  /** Path and query as requested. */
  url: string
  /** Status answered; 0 when the connection was dropped (a network fault). */
  status: number
  ms: number
}

/**
 * Options of {@link createRequestListener}.
 *
 * @example
 * ```ts
 * const options: RequestListenerOptions = { handlers: api.handlers, cors: ['http://localhost:5173'] }
 * ```
 */
export interface RequestListenerOptions {
  /** The MSW handlers that answer: the mock's, or any others. */
  handlers: readonly RequestHandler[]
  /** Answers asked before the handlers, e.g. `/openapi.json`; `undefined` passes the request on. */
  routes?: (request: Request) => Response | undefined
  /** Largest body accepted, in bytes (D18). Default `LIMITS.bodyBytes`, 1 MiB. */
  bodyLimit?: number
  /** `Host` names accepted besides loopback ones (D18, `--allow-host`). */
  allowHosts?: readonly string[]
  /** Origins allowed by CORS (D18, `--cors`). */
  cors?: readonly string[]
  /** Called once per request after the answer (or the dropped connection). */
  onExchange?: (summary: ExchangeSummary) => void
  /**
   * Called for each answer the transport gives itself instead of the handlers: 403
   * `forbidden_host`, a preflight's 204, 413 `payload_too_large`, the 408 of a body that took too
   * long, a 404 or 500 of its own. `startServer` journals those under /api/v1 (D17).
   */
  onTransportAnswer?: (answer: TransportAnswer) => void
}

const BODYLESS = new Set(['GET', 'HEAD'])
/** Set by Node from the body actually sent; a copied one could contradict it. */
const SKIPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection'])

function toHeaders(rawHeaders: readonly string[]): Headers {
  const headers = new Headers()
  for (let index = 0; index < rawHeaders.length; index += 2) {
    headers.append(rawHeaders[index] as string, rawHeaders[index + 1] as string)
  }
  return headers
}

function toRequest(incoming: IncomingMessage, origin: string, body: Uint8Array<ArrayBuffer> | undefined): Request {
  const method = incoming.method ?? 'GET'
  const target = incoming.url ?? '/'
  // Concatenated, never resolved: a target like `//other.host/x` must stay a path of this origin.
  const url = `${origin}${target.startsWith('/') ? target : `/${target}`}`
  return new Request(url, {
    method,
    headers: toHeaders(incoming.rawHeaders),
    body: BODYLESS.has(method) ? undefined : body,
  })
}

async function send(res: ServerResponse, response: Response, extraHeaders: Record<string, string>): Promise<void> {
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (!SKIPPED_HEADERS.has(name)) res.appendHeader(name, value)
  })
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value)
  res.end(body)
}

async function answer(
  incoming: IncomingMessage,
  options: RequestListenerOptions,
  origin: string,
): Promise<Response | undefined> {
  const body = await readBody(incoming, options.bodyLimit ?? LIMITS.bodyBytes)
  const request = toRequest(incoming, origin, body)
  const routed = options.routes?.(request)
  if (routed) return routed
  const handlers = options.handlers as RequestHandler[]
  const direct = directResponder(handlers)
  if (direct) return direct(request)
  // Loaded only for handlers other than a mock's own: msw's main entry costs the CLI's start.
  const { getResponse } = await import('msw')
  return getResponse(handlers, request)
}

/**
 * The `node:http` adapter: turns each `IncomingMessage` into a fetch `Request`, asks the MSW handlers
 * with msw's `getResponse`, and writes their `Response` back. Around it sit the transport's own
 * rules: the `Host` check (403 `forbidden_host`), CORS for allowed origins only, the streamed 1 MiB
 * body limit (413 `payload_too_large`), 404 `not_found` for a request no handler answers, a dropped
 * connection for `HttpResponse.error()` and 500 `internal_error` for anything that throws. It never
 * rejects, so a failing handler cannot take the server down.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * const server = createServer(createRequestListener({ handlers: api.handlers }))
 * server.listen(0, '127.0.0.1')
 * ```
 */
export function createRequestListener(
  options: RequestListenerOptions,
): (incoming: IncomingMessage, res: ServerResponse) => Promise<void> {
  const hostAllowed = createHostCheck(options.allowHosts)
  const cors = corsPolicy(options.cors)
  return async (incoming, res) => {
    const started = performance.now()
    const { method = 'GET', url = '/' } = incoming
    const report = (status: number) =>
      options.onExchange?.({ method, url, status, ms: Math.round(performance.now() - started) })
    const policy = cors(incoming.headers, method)
    /** The error code of an answer the transport gives itself; `''` for its preflight answer. */
    let own: string | undefined
    const refuse = (code: KnownErrorCode, message?: string) => {
      own = code
      return errorResponse(code, message)
    }
    let response: Response | undefined
    try {
      if (!hostAllowed(incoming.headers.host)) response = refuse('forbidden_host')
      else if (policy.preflight) {
        own = ''
        response = new Response(null, { status: 204 })
      } else {
        const origin = `http://${incoming.headers.host ?? `${incoming.socket.localAddress}:${incoming.socket.localPort}`}`
        response = (await answer(incoming, options, origin)) ?? refuse('not_found', NOT_FOUND_MESSAGES.route)
      }
    } catch (error) {
      // A body cut short by the request timeout was answered already (a JSON 408) by the server's
      // clientError handler; a client that went away got nothing.
      const cut = clientErrorAnswer(incoming.socket)
      if (cut) options.onTransportAnswer?.({ method, target: url, statusCode: cut.status, code: cut.code })
      if (cut || incoming.socket.destroyed) {
        report(cut?.status ?? 0)
        return
      }
      response = refuse(error instanceof PayloadTooLargeError ? 'payload_too_large' : 'internal_error')
      // The rest of a refused body is not read: the connection goes once the answer is out.
      if (error instanceof PayloadTooLargeError) res.shouldKeepAlive = false
    }
    if (response.type === 'error') {
      incoming.socket.destroy()
      report(0)
      return
    }
    try {
      await send(res, response, policy.headers)
    } catch {
      // The client went away, or the answer's body failed midway: nothing left to tell it.
      res.destroy()
    }
    if (own !== undefined) {
      options.onTransportAnswer?.({ method, target: url, statusCode: res.statusCode, ...(own && { code: own }) })
    }
    report(res.statusCode)
  }
}
