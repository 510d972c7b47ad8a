import { exactErrorEnvelope } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { useSuiteServer } from '../suite-server.js'
import { rawRequest } from './raw-http.js'

// The standalone server answers the mock's own handlers without fetch's Request and Response (the
// direct path): what a Request would have given the pipeline, the request view must give too.

const TOKEN = 'direct-answers-token'
const auth = { authorization: `Bearer ${TOKEN}` }
const json = { ...auth, 'content-type': 'application/json' }

const server = useSuiteServer({ token: TOKEN, sessions: 1 })

describe('the standalone server’s direct path', () => {
  it('D2: two Authorization headers are read joined, as fetch’s Headers would, so the token is refused', async () => {
    const answer = await rawRequest(server().origin, '/api/v1/health', {
      headers: { authorization: [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`] } as unknown as Record<string, string>,
    })
    expect(answer.status).toBe(401)
    expect(answer.headers['www-authenticate']).toBe('Bearer')
  })

  it('D4: a write without a body is 400 invalid_json', async () => {
    const answer = await rawRequest(server().origin, '/api/v1/sessions', { method: 'POST', headers: json })
    expect(answer.status).toBe(400)
    expect(exactErrorEnvelope.parse(answer.json()).error.code).toBe('invalid_json')
  })

  it('D5: reads a chunked body, and Content-Length counts the bytes of a non-ASCII answer', async () => {
    const answer = await fetch(`${server().url}/sessions`, {
      method: 'POST',
      headers: json,
      body: new Blob([JSON.stringify({ title: 'Nuit étoilée ✨' })]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(answer.status).toBe(201)
    const text = await answer.text()
    expect(JSON.parse(text)).toMatchObject({ data: { title: 'Nuit étoilée ✨' } })
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    expect(answer.headers.get('content-type')).toBe('application/json')
  })
})
