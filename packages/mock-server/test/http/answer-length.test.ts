import { describe, expect, it } from 'vitest'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const base = 'http://127.0.0.1:4777/api/v1'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }
const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength

// A body of stated length ends by its length, as a real server's does; msw 3's socket interceptor
// otherwise ends it by ending the connection.
describe('an answer through msw states its length in bytes', () => {
  const { api, server } = servedMock({ sessions: 1, now: NOW })

  it('D4: a page, a created session with a non-ASCII title and an error envelope each carry Content-Length', async () => {
    const created = await fetch(`${base}/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Nuit étoilée ✨ 夜' }),
    })
    const refused = await fetch(`${base}/sessions/ses_missing`, { headers })
    const page = await fetch(`${base}/sessions`, { headers })
    for (const [answer, status] of [
      [created, 201],
      [refused, 404],
      [page, 200],
    ] as const) {
      const text = await answer.text()
      expect(answer.status).toBe(status)
      expect(answer.headers.get('content-length')).toBe(String(utf8Length(text)))
      // Bytes, not characters: the title's accents, emoji and ideograph take more than one each.
      if (status === 201) expect(utf8Length(text)).toBeGreaterThan(text.length)
    }
  })

  it('an override answering next()’s headers with another body gets its own length, not the copied one', async () => {
    server.use(
      api.override('sessions.list', async ({ next }) => {
        const own = await next()
        return new Response(JSON.stringify({ data: [], meta: { total: 0, limit: 50, offset: 0 } }), own)
      }),
    )
    const answer = await fetch(`${base}/sessions`, { headers })
    const text = await answer.text()
    expect(JSON.parse(text)).toEqual({ data: [], meta: { total: 0, limit: 50, offset: 0 } })
    expect(answer.headers.get('content-length')).toBe(String(utf8Length(text)))
  })
})
