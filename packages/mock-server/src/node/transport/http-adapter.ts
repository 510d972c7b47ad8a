import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Duplex, Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { API_PREFIX, type KnownErrorCode, LIMITS, NOT_FOUND_MESSAGES } from '@session-library/schemas'
import type { RequestHandler } from 'msw'
import type { ApiAnswer, RawStep, TransportAnswer } from '../../http/answer.js'
import { ApiError, errorResponse, errorText, FRAMING_HEADERS, type PlainAnswer } from '../../http/api-error.js'
import { corsPolicy } from '../../http/cors.js'
import { isUnder, type RequestView, targetUrl } from '../../http/request-view.js'
import type { MockEntry } from '../../mock-core.js'
import { createHostGate, hostCountProblem } from './host-check.js'
import { incomingRequest } from './incoming-request.js'
import { nodeHttp } from './node-http.js'

/** One answered request, as the transport reports it to a logger; no header, so never the token. */
export interface ExchangeSummary {
  method: string
  /** Path and query as requested. */
  url: string
  /** 0 when the connection was dropped. */
  status: number
  ms: number
}

/** Options of {@link createRequestListener}. */
export interface RequestListenerOptions {
  /** MSW handlers that answer, asked through msw. */
  handlers?: readonly RequestHandler[]
  /** Answers asked before the handlers, e.g. `/openapi.json`; `answers` says which paths (no `Request` for others). */
  routes?: ((request: Request) => Response | undefined) & {
    /** Whether these routes answer a path at all. */
    answers?: (pathname: string) => boolean
  }
  /** Largest body accepted, in bytes (D18). Default `LIMITS.bodyBytes`, 1 MiB. */
  bodyLimit?: number
  /** `Host` names accepted besides loopback ones (D18, `--allow-host`). */
  allowHosts?: readonly string[]
  /** Origins allowed by CORS (D18, `--cors`); `'*'` any. */
  cors?: readonly string[] | '*'
  /** Called once per request after the answer (or the dropped connection). */
  onExchange?: (summary: ExchangeSummary) => void
  /** Called for each answer the transport gives itself (400, 403, 204 preflight, 408, 413, 404, 500), to journal (D17). */
  onTransportAnswer?: (answer: TransportAnswer) => void
}

const isPlain = (answer: PlainAnswer | Response): answer is PlainAnswer => !(answer instanceof Response)

/** One write of head and body, as a plain node:http server would: no web stream in between. */
function writePlain(res: ServerResponse, answer: PlainAnswer, extraHeaders: Record<string, string>): void {
  const { text } = answer
  const headers = { ...answer.headers, ...extraHeaders, 'Content-Length': `${Buffer.byteLength(text)}` }
  res.writeHead(answer.status, headers).end(text)
}

async function send(res: ServerResponse, answer: Response, extraHeaders: Record<string, string>) {
  const stream = isEventStream(answer.headers) ? answer.body : null
  const body = answer.body && !stream ? new Uint8Array(await answer.arrayBuffer()) : undefined
  res.statusCode = answer.status
  answer.headers.forEach((value, name) => {
    if (!FRAMING_HEADERS.has(name)) res.appendHeader(name, value)
  })
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value)
  if (!stream) {
    res.end(body)
    return
  }
  // An event stream is written as it comes and never ends by itself: the connection closing
  // cancels it (which unsubscribes it), and so does the stream giving up on a slow reader.
  res.flushHeaders()
  await pipeline(Readable.fromWeb(stream as NodeReadableStream<Uint8Array>), res)
}

/** Whether an answer is a server-sent event stream: streamed, not read whole, and cut by a close. */
export function isEventStream(headers: { get(name: string): string | null }): boolean {
  return headers.get('content-type')?.startsWith('text/event-stream') ?? false
}

/** Scheme, host and port a request was sent to: its `Host`, else the address it arrived on. */
function originOf(incoming: IncomingMessage, host: string | undefined): string {
  return `http://${host ?? `${incoming.socket.localAddress}:${incoming.socket.localPort}`}`
}

/** An answer the transport gave itself (its error `code`, `''` for none), to journal (D17). */
function ownAnswer(incoming: IncomingMessage, statusCode: number, code: string, host: string | undefined) {
  const { method = 'GET', url = '/' } = incoming
  return { method, target: url, origin: originOf(incoming, host), statusCode, ...(code && { code }) }
}

type Answered = ApiAnswer | Response | undefined

/** The transport's options with a mock reached without msw, and a proxy in its place (`--proxy`). */
export interface ListenerOptions extends RequestListenerOptions {
  mock?: MockEntry
  proxy?: RawStep
}

async function answer(request: RequestView, options: ListenerOptions): Promise<Answered> {
  const { routes, mock, handlers, proxy } = options
  if (routes && (routes.answers?.(request.url.pathname) ?? true)) {
    const page = routes(await request.toRequest())
    if (page) return page
  }
  if (proxy && isUnder(request.url.pathname, API_PREFIX)) return mock?.answer(request, proxy)
  if (handlers?.length) {
    // Loaded only for handlers other than a mock's own: msw's main entry costs the CLI's start.
    const { getResponse } = await import('msw')
    const answered = await getResponse(handlers as RequestHandler[], await request.toRequest())
    if (answered) return answered
  }
  return mock?.answer(request)
}

/**
 * The `node:http` adapter: msw handlers asked through msw's `getResponse`, their `Response` written
 * back, around them the transport's rules: the `Host` checks (D18, D20), CORS, the body limit (413),
 * 404 for what no handler answers, 500 for what throws. It never rejects.
 */
export function createRequestListener(
  options: RequestListenerOptions,
): (incoming: IncomingMessage, res: ServerResponse) => Promise<void> {
  const hostGate = createHostGate(options.allowHosts)
  const cors = corsPolicy(options.cors)
  const record = (options as ListenerOptions).mock?.record ?? options.onTransportAnswer
  return async (incoming, res) => {
    const started = performance.now()
    const { method = 'GET', url = '/' } = incoming
    const report = (status: number) =>
      options.onExchange?.({ method, url, status, ms: Math.round(performance.now() - started) })
    const policy = cors(incoming.headers, method)
    // The error code of an answer the transport gives itself; `''` for its preflight answer.
    let own: string | undefined
    const refuse = (code: KnownErrorCode, message?: string) => {
      own = code
      return errorResponse(code, message)
    }
    let response: Answered
    try {
      const host = incoming.headers.host
      const refused = hostGate(host)
      const hostCount = hostCountProblem(incoming.rawHeaders, incoming.httpVersion)
      if (hostCount) response = refuse('invalid_host', hostCount)
      else if (refused) response = refuse(refused)
      else if (policy.preflight) {
        own = ''
        response = new Response(null, { status: 204 })
      } else {
        const limit = options.bodyLimit ?? LIMITS.bodyBytes
        const request = incomingRequest(incoming, targetUrl(originOf(incoming, host), url), limit)
        response = (await answer(request, options as ListenerOptions)) ?? refuse('not_found', NOT_FOUND_MESSAGES.route)
      }
    } catch (error) {
      // A body cut short by the request timeout was answered already (a JSON 408) by the server's
      // clientError handler; a client that went away got nothing.
      const cut = answered.get(incoming.socket)
      if (cut) record?.(ownAnswer(incoming, cut.status, cut.code, incoming.headers.host))
      if (cut || incoming.socket.destroyed) {
        report(cut?.status ?? 0)
        return
      }
      const tooLarge = error instanceof ApiError && error.code === 'payload_too_large'
      response = refuse(tooLarge ? 'payload_too_large' : 'internal_error')
    }
    // A body left unread (refused as too large, or never asked for, as after a 401) is not read
    // now: the connection goes once the answer is out.
    if (!incoming.complete) res.shouldKeepAlive = false
    if (response === 'dropped' || (!isPlain(response) && response.type === 'error')) {
      incoming.socket.destroy()
      report(0)
      return
    }
    try {
      if (isPlain(response)) writePlain(res, response, policy.headers)
      else await send(res, response, policy.headers)
    } catch {
      // The client went away, or the answer's body failed midway: nothing left to tell it.
      res.destroy()
    }
    if (own !== undefined) {
      record?.(ownAnswer(incoming, res.statusCode, own, own === 'invalid_host' ? undefined : incoming.headers.host))
    }
    report(res.statusCode)
  }
}

/** The error of each parser error Node names (D20); anything else in a request head is a 400 `invalid_json` (D4). */
const CODES: Record<string, KnownErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'payload_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
}

/** What {@link answerClientError} sent on a connection, for the request it cut short (a 408 of a slow body). */
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
      `HTTP/1.1 ${status} ${nodeHttp.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
    answered.set(socket, { status, code: known ?? 'invalid_json' })
  }
  socket.destroy()
}
