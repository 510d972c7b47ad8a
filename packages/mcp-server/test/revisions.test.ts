import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { SessionLibrary } from '@session-library/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpEndpoint, serveHttp } from '../src/http.js'
import { createServer, type ServerOptions } from '../src/index.js'
import { type Asker, call as callV1, connect as connectV1, TOKEN, useMock } from './connect.js'

const MODERN = '2026-07-28'
const SECRET = 'mcp-revisions-secret-0123456789'
const mock = useMock()
const newServer = (options: Omit<ServerOptions, 'client'> = {}) => {
  const client = new SessionLibrary({ baseUrl: mock().url, token: TOKEN, retry: 0 })
  return () => createServer({ ...options, client, token: TOKEN })
}

// The v2 client, negotiating the newest revision it and the server share; with an `asker` it can ask the user.
function modernClient(asker?: Asker): Client {
  const mcp = new Client(
    { name: 'test', version: '2' },
    { capabilities: asker ? { elicitation: { form: {} } } : {}, versionNegotiation: { mode: 'auto' } },
  )
  if (asker)
    mcp.setRequestHandler('elicitation/create', async (request) => {
      asker.asked.push(request.params.message)
      return asker.answer
    })
  return mcp
}

async function inMemory(asker?: Asker, options: Omit<ServerOptions, 'client'> = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  serveStdio(newServer(options), { transport: serverSide })
  const mcp = modernClient(asker)
  await mcp.connect(clientSide)
  return mcp
}

async function call(mcp: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult
  return { ...result, text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n') }
}

const created = async (mcp: Client) => {
  const { structuredContent } = await call(mcp, 'sessions_create', { title: 'Asked about', tags: ['k'] })
  return (structuredContent as { data: { id: string } }).data.id
}
const exists = (id: string) =>
  mock()
    .api.snapshot()
    .sessions.some((session) => session.id === id)

describe('the 2026-07-28 revision to the v2 client, earlier ones to the v1 client, from one server', () => {
  it('in memory: the v2 client negotiates 2026-07-28 and gets the tools the v1 client gets', async () => {
    const mcp = await inMemory()
    expect(mcp.getNegotiatedProtocolVersion()).toBe(MODERN)
    const modern = (await mcp.listTools()).tools
    const legacy = (await (await connectV1(mock())).listTools()).tools
    expect(modern).toEqual(legacy)
    const page = await call(mcp, 'sessions_list', { limit: 2 })
    expect(page.isError).toBeFalsy()
    expect((page.structuredContent as { data: unknown[] }).data).toHaveLength(2)
  })

  it('a schema failure is a tool error (isError) that names the field, on either revision', async () => {
    const modern = await call(await inMemory(), 'sessions_list', { limit: 0 })
    const legacy = await callV1(await connectV1(mock()), 'sessions_list', { limit: 0 })
    for (const result of [modern, legacy]) {
      expect(result.isError).toBe(true)
      expect(result.text).toMatch(/^limit: /)
    }
  })

  it('asks before a delete with an input-required result; "no" sends nothing, "yes" deletes', async () => {
    const asker: Asker = { asked: [], answer: { action: 'accept', content: { confirm: false } } }
    const mcp = await inMemory(asker)
    const id = await created(mcp)
    const refused = await call(mcp, 'sessions_delete', { id })
    expect(asker.asked).toEqual([`Delete session “Asked about” (${id})?`])
    expect(refused.isError).toBe(true)
    expect(refused.text).toMatch(/^cancelled by the user; nothing was changed/)
    expect(exists(id)).toBe(true)
    asker.answer = { action: 'accept', content: { confirm: true } }
    expect((await call(mcp, 'sessions_delete', { id })).isError).toBeFalsy()
    expect(exists(id)).toBe(false)
  })

  it('code mode: each loss a snippet causes is asked in a round of its own, the run waiting in between', async () => {
    const asker: Asker = { asked: [], answer: { action: 'accept', content: { confirm: true } } }
    const mcp = await inMemory(asker, { codeMode: { baseUrl: mock().url } })
    const sdk = new SessionLibrary({ baseUrl: mock().url, token: TOKEN })
    const ids = [
      (await sdk.sessions.create({ title: 'Asked about' })).id,
      (await sdk.sessions.create({ title: 'Asked about' })).id,
    ]
    const code = `for (const id of ${JSON.stringify(ids)}) await client.sessions.delete(id); return 'gone'`
    expect((await call(mcp, 'execute', { code })).text).toBe('→ "gone"')
    expect(asker.asked).toEqual(ids.map((id) => `Delete session “Asked about” (${id})?`))
    expect(ids.some(exists)).toBe(false)
  })

  it('refuses a destructive call when the v2 client cannot ask the user, unless --yes', async () => {
    const mcp = await inMemory()
    const id = await created(mcp)
    const refused = await call(mcp, 'sessions_delete', { id })
    expect(refused.text).toMatch(/^refused: Delete session “Asked about” \(\S+\)\? The client cannot ask the user/)
    expect(exists(id)).toBe(true)
    expect((await call(await inMemory(undefined, { yes: true }), 'sessions_delete', { id })).isError).toBeFalsy()
    expect(exists(id)).toBe(false)
  })
})

describe('both revisions over Streamable HTTP, each with the secret', () => {
  let endpoint: HttpEndpoint
  beforeAll(async () => {
    endpoint = await serveHttp(newServer(), { port: 0, secret: SECRET, maxSessions: 10, idleMs: 60_000 })
  })
  afterAll(() => endpoint.close())
  const transport = (headers: Record<string, string> = { Authorization: `Bearer ${SECRET}` }) =>
    new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers } })

  it('the v2 client negotiates 2026-07-28 and asks before a delete; no session is kept for it', async () => {
    const asker: Asker = { asked: [], answer: { action: 'accept', content: { confirm: true } } }
    const mcp = modernClient(asker)
    await mcp.connect(transport())
    expect(mcp.getNegotiatedProtocolVersion()).toBe(MODERN)
    const id = await created(mcp)
    expect((await call(mcp, 'sessions_delete', { id })).isError).toBeFalsy()
    expect(asker.asked).toEqual([`Delete session “Asked about” (${id})?`])
    expect(exists(id)).toBe(false)
    expect(endpoint.openSessions).toBe(0)
    await mcp.close()
  })

  it('the v2 client without the secret is refused (401)', async () => {
    await expect(modernClient().connect(transport({}))).rejects.toThrow()
  })

  it('an older client keeps a session, in which the server asks it through elicitation', async () => {
    const asker: Asker = { asked: [], answer: { action: 'decline' } }
    const legacy = new Client(
      { name: 'test', version: '2' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
    )
    legacy.setRequestHandler('elicitation/create', async (request) => {
      asker.asked.push(request.params.message)
      return asker.answer
    })
    await legacy.connect(transport())
    expect(legacy.getNegotiatedProtocolVersion()).not.toBe(MODERN)
    expect(endpoint.openSessions).toBe(1)
    const id = await created(legacy)
    const refused = await call(legacy, 'sessions_delete', { id })
    expect(refused.text).toMatch(/^cancelled by the user; nothing was changed/)
    expect(asker.asked).toEqual([`Delete session “Asked about” (${id})?`])
    expect(exists(id)).toBe(true)
    await legacy.close()
  })
})
