import { randomUUID } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { createHostCheck } from '@session-library/internal/node'

/** A running Streamable HTTP endpoint (see {@link serveHttp}). */
export interface HttpEndpoint {
  /** The MCP endpoint's URL, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string
  close(): Promise<void>
}

const loopback = createHostCheck()

// Against DNS rebinding: a Host that is not loopback, or a browser's Origin that is not, is refused.
function allowed(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  const originHost = origin === undefined ? undefined : URL.canParse(origin) ? new URL(origin).host : '-'
  return loopback(request.headers.host) && (originHost === undefined || loopback(originHost))
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json' })
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}

/**
 * Serves MCP over Streamable HTTP at `/mcp` on the loopback interface, one server per session
 * (`newServer` makes it), with checks of Host and Origin against DNS rebinding.
 */
export async function serveHttp(newServer: () => McpServer, port: number): Promise<HttpEndpoint> {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const http = createHttpServer(async (request, response) => {
    if (!allowed(request)) return refuse(response, 403, 'forbidden host or origin (only loopback is served)')
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp')
      return refuse(response, 404, 'not found: the endpoint is /mcp')
    const id = request.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known) return known.handleRequest(request, response)
    if (id !== undefined) return refuse(response, 404, 'unknown session: initialize again')
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    })
    transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId)
    await newServer().connect(transport)
    await transport.handleRequest(request, response)
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, '127.0.0.1', resolve)
  })
  const { port: bound } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()))
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}
