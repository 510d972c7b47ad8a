import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@modelcontextprotocol/server'
import { type RunningServer, type StartServerOptions, startServer } from '@session-library/mock-server/node'
import { SessionLibrary } from '@session-library/sdk'
import { afterAll, beforeAll } from 'vitest'
import { createServer, type ServerOptions } from '../src/index.js'

export const TOKEN = 'mcp-test-token-0123456789'

/** The standalone mock for a file's tests, started once (port 0, the demo library). */
export function useMock(options: StartServerOptions = {}): () => RunningServer {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, token: TOKEN, sessions: 6, ...options })
  })
  afterAll(() => server?.close())
  return () => server as RunningServer
}

/** What a test's client does when the server asks: its answer, and the questions it was asked. */
export interface Asker {
  readonly asked: string[]
  answer: ElicitResult
}

/**
 * The official client connected in memory to a server over the mock; with an `asker` the client
 * declares elicitation and answers with it.
 */
export async function connect(
  mock: RunningServer,
  options: Omit<ServerOptions, 'client'> = {},
  asker?: Asker,
): Promise<Client> {
  const client = new SessionLibrary({ baseUrl: mock.url, token: TOKEN, retry: 0 })
  return connectClient(createServer({ ...options, client, token: TOKEN }), asker)
}

/** The official client connected in memory to `server`; with an `asker`, as {@link connect}. */
export async function connectClient(server: McpServer, asker?: Asker): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const mcp = new Client({ name: 'test', version: '1' }, { capabilities: asker ? { elicitation: { form: {} } } : {} })
  if (asker)
    mcp.setRequestHandler(ElicitRequestSchema, async (request) => {
      asker.asked.push(request.params.message)
      return asker.answer
    })
  // The v1 client's transport, which the v2 server takes as it is (the same Transport shape).
  await server.connect(serverSide as never)
  await mcp.connect(clientSide)
  return mcp
}

/** Calls a tool; its result as the tests read it. */
export async function call(mcp: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
  return { ...result, text, data: (result.structuredContent as { data?: unknown } | undefined)?.data }
}
