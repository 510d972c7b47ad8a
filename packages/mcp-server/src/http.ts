import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node'
import { createMcpHandler, isLegacyRequest, type McpServer } from '@modelcontextprotocol/server'
import { createHostCheck } from '@session-library/internal/node'

/** Options of {@link serveHttp}. */
export interface HttpOptions {
  /** The port on 127.0.0.1; `0` picks a free one. */
  readonly port: number
  /** The secret every request must carry as `Authorization: Bearer <secret>`. */
  readonly secret: string
  /** The most sessions open at once; past it, a new `initialize` is refused (503). */
  readonly maxSessions: number
  /** A session with no request for this long (ms, none under way) is closed. */
  readonly idleMs: number
}

/** A running Streamable HTTP endpoint (see {@link serveHttp}). */
export interface HttpEndpoint {
  /** The MCP endpoint's URL, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string
  /** The sessions open now. */
  readonly openSessions: number
  close(): Promise<void>
}

/** How a client is told to present the secret, in the 401's message and the usage. */
export const SECRET_HINT =
  "send 'Authorization: Bearer <secret>' with the secret of the server's ready line (or the one given by --http-token or SESSION_LIBRARY_MCP_TOKEN)"

const loopback = createHostCheck()

// Against DNS rebinding: a Host that is not loopback, or a browser's Origin that is not, is refused.
function allowed(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  const originHost = origin === undefined ? undefined : URL.canParse(origin) ? new URL(origin).host : '-'
  return loopback(request.headers.host) && (originHost === undefined || loopback(originHost))
}

// Digests of equal length, so that neither the secret's length nor its first differing byte shows in the time taken.
const digest = (text: string) => createHash('sha256').update(text).digest()

function bearerCheck(secret: string): (request: IncomingMessage) => boolean {
  const expected = digest(`Bearer ${secret}`)
  return (request) => timingSafeEqual(digest(request.headers.authorization ?? ''), expected)
}

function refuse(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}

// The most a request's body may hold, as the SDK's own limit.
const MAX_BODY = 4 * 1024 * 1024

class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

// Read here once, since the revision a request speaks is in its body.
async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) return new Refusal(413, `request body over ${MAX_BODY} bytes`)
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return new Refusal(400, 'parse error: the body is not JSON')
  }
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
let collector: Collect | undefined

// V8 keeps the pages of a heap that grew (sessions, and the requests a client refused past the cap
// sent) until a collection that reduces memory, which it never starts in an idle process: RSS would
// stay at its peak once the sessions are gone. Node offers no call for it but the `gc` of
// --expose-gc, taken here once (into a context of its own, then the flag turned off again).
function releaseMemory(): void {
  if (!collector) {
    setFlagsFromString('--expose-gc')
    try {
      collector = runInNewContext('gc') as Collect
    } catch {
      // A runtime that ignores the flag: the memory stays with V8, as before.
      collector = () => {}
    }
    setFlagsFromString('--no-expose-gc')
  }
  collector({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}

// Once expiries stop for this long: one collection after a wave of them, not one per session.
const RELEASE_AFTER_MS = 1_000

interface Session {
  readonly transport: NodeStreamableHTTPServerTransport
  // Requests under way, an open event stream among them: a session is idle only without any.
  busy: number
  expiry?: NodeJS.Timeout
}

/**
 * Serves MCP over Streamable HTTP at `/mcp` on the loopback interface, one server per session
 * (`newServer` makes it): only to a client that presents the secret, with checks of Host and Origin
 * against DNS rebinding, at most `maxSessions` sessions, each closed after `idleMs` without a request.
 */
export async function serveHttp(newServer: () => McpServer, options: HttpOptions): Promise<HttpEndpoint> {
  const sessions = new Map<string, Session>()
  const authorized = bearerCheck(options.secret)
  let release: NodeJS.Timeout | undefined
  const expire = (session: Session) => {
    if (session.busy > 0) return
    session.expiry = setTimeout(() => {
      void session.transport.close()
      clearTimeout(release)
      release = setTimeout(releaseMemory, RELEASE_AFTER_MS).unref()
    }, options.idleMs)
    session.expiry.unref()
  }
  // Holds the session open while the request is answered, and starts its idle time when it ends.
  const serve = async (session: Session, request: IncomingMessage, response: ServerResponse, body: unknown) => {
    clearTimeout(session.expiry)
    session.busy++
    response.once('close', () => {
      session.busy--
      if (sessions.has(session.transport.sessionId ?? '')) expire(session)
    })
    await session.transport.handleRequest(request, response, body)
  }
  // The 2026-07-28 revision: a server per request, nothing kept between requests.
  const modern = createMcpHandler(() => newServer(), { legacy: 'reject' })
  const serveModern = toNodeHandler(modern)
  // Earlier revisions (initialize, then a session): a server per session, which can ask the client.
  const serveLegacy = async (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const id = request.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known) return serve(known, request, response, body)
    if (id !== undefined) return refuse(response, 404, 'unknown session (closed or expired): initialize again')
    if (sessions.size >= options.maxSessions)
      return refuse(
        response,
        503,
        `too many sessions: ${sessions.size} are open, the most this server keeps (--max-sessions); close one or wait for an idle one to expire`,
      )
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, session),
    })
    const session: Session = { transport, busy: 0 }
    transport.onclose = () => {
      clearTimeout(session.expiry)
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await newServer().connect(transport)
    await serve(session, request, response, body)
  }
  const http = createHttpServer(async (request, response) => {
    if (!allowed(request)) return refuse(response, 403, 'forbidden host or origin (only loopback is served)')
    if (!authorized(request))
      return refuse(response, 401, `unauthorized: ${SECRET_HINT}`, { 'WWW-Authenticate': 'Bearer' })
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp')
      return refuse(response, 404, 'not found: the endpoint is /mcp')
    const body = request.method === 'POST' ? await bodyOf(request) : undefined
    if (body instanceof Refusal) return refuse(response, body.status, body.message)
    if (await isLegacyRequest(await toWebRequest(request, body), body)) return serveLegacy(request, response, body)
    await serveModern(request, response, body)
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, '127.0.0.1', resolve)
  })
  const { port: bound } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    get openSessions() {
      return sessions.size
    },
    async close() {
      clearTimeout(release)
      await modern.close()
      await Promise.all([...sessions.values()].map((session) => session.transport.close()))
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}
