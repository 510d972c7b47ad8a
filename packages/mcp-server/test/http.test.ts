import { request } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SessionLibrary } from '@session-library/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpEndpoint, serveHttp } from '../src/http.js'
import { createServer } from '../src/index.js'
import { TOKEN, useMock } from './connect.js'

const mock = useMock()
let endpoint: HttpEndpoint
beforeAll(async () => {
  const client = new SessionLibrary({ baseUrl: mock().url, token: TOKEN })
  endpoint = await serveHttp(() => createServer({ client, token: TOKEN, readOnly: true }), 0)
})
afterAll(() => endpoint.close())

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
})

// node:http, since fetch may not set Host.
function post(headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const sent = request(
      endpoint.url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        response.resume()
        resolve(response.statusCode)
      },
    )
    sent.on('error', reject)
    sent.end(INITIALIZE)
  })
}

describe('Streamable HTTP on loopback, with the Host and Origin checks of D18', () => {
  it('serves the official client at /mcp on 127.0.0.1', async () => {
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const mcp = new Client({ name: 'test', version: '1' })
    await mcp.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)))
    const { tools } = await mcp.listTools()
    expect(tools.length).toBeGreaterThan(0)
    expect(tools.every((tool) => tool.annotations?.readOnlyHint)).toBe(true)
    await mcp.close()
  })

  it('refuses a Host or an Origin that is not loopback (DNS rebinding); accepts loopback ones', async () => {
    expect(await post({ Host: 'evil.example' })).toBe(403)
    expect(await post({ Origin: 'http://evil.example' })).toBe(403)
    expect(await post({ Origin: 'null' })).toBe(403)
    expect(await post({ Host: 'localhost', Origin: 'http://localhost:6274' })).toBe(200)
    expect(await post({ Host: '[::1]' })).toBe(200)
  })
})
