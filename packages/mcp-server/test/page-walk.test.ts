import { SessionLibrary } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { createServer } from '../src/index.js'
import { call, connectClient, TOKEN, useMock } from './connect.js'

const mock = useMock()

// A server that ignores `offset` and claims a total it never reaches: every page of the list is the first.
const repeatingPages: typeof fetch = async (input, init) => {
  const request = new Request(input, init)
  const url = new URL(request.url)
  if (request.method === 'GET' && url.pathname.endsWith('/sessions')) {
    url.searchParams.delete('offset')
    const first = await fetch(url, { headers: request.headers })
    const answer = (await first.json()) as { data: unknown[]; meta: { limit: number } }
    return Response.json({ ...answer, meta: { ...answer.meta, total: 1_000, offset: 0 } })
  }
  return fetch(request)
}

describe('a tool that walks the list, against a server that repeats a page (D9, D10)', () => {
  it('is a tool error that says what the server did and names the offset', async () => {
    const client = new SessionLibrary({ baseUrl: mock().url, token: TOKEN, retry: 0, fetch: repeatingPages })
    const mcp = await connectClient(createServer({ client, token: TOKEN }))
    const result = await call(mcp, 'imports_start_and_wait', { items: [{ projectPath: '/music/never.als' }] })
    expect(result.isError).toBe(true)
    expect(result.text).toMatch(/the page at offset \d+ repeats sessions already read; stopped/)
  })
})
