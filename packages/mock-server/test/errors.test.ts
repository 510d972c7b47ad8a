import { ERRORS, LIMITS, SERVER_MANAGED_FIELDS } from '@session-library/schemas'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'
import { createMockApi } from '../src/index.js'
import { describeTransports, expectAnswer, expectError, NOW } from './support/harness.js'

describeTransports('D4 errors', (start) => {
  it('D4: a body that does not parse is 400 invalid_json with SPEC text', async () => {
    const h = await start()
    for (const body of ['{', '', 'nope', '{"title": }']) {
      const response = await h.fetch('/api/v1/sessions', { method: 'POST', body })
      await expectError(response, 'invalid_json', ERRORS.invalid_json.message, 400)
    }
  })

  it('D4: rejected input names the field and the rule', async () => {
    const h = await start()
    const response = await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: '   ' } })
    await expectError(response, 'invalid_json', 'title: must be a non-empty string', 400)
    const missing = await h.fetch('/api/v1/sessions', { method: 'POST', json: {} })
    await expectError(missing, 'invalid_json', 'title: is required', 400)
  })

  it('D4: a body that is JSON but not an object is 400', async () => {
    const h = await start()
    for (const json of [[], 'text', 3, null]) {
      await expectError(await h.fetch('/api/v1/sessions', { method: 'POST', json }), 'invalid_json', /body/, 400)
    }
  })

  it('D4: unknown fields of a write body are rejected', async () => {
    const h = await start()
    const response = await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A', colour: 'red' } })
    await expectError(response, 'invalid_json', 'colour: is not a known field', 400)
  })

  it('D4: every server-managed session field is rejected on create and on PATCH', async () => {
    const h = await start({ sessions: 1 })
    const [first] = h.api.snapshot().sessions
    for (const field of SERVER_MANAGED_FIELDS) {
      const created = await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A', [field]: 'x' } })
      await expectError(created, 'invalid_json', `${field}: is managed by the server`, 400)
      const patched = await h.fetch(`/api/v1/sessions/${first?.id}`, { method: 'PATCH', json: { [field]: 'x' } })
      await expectError(patched, 'invalid_json', `${field}: is managed by the server`, 400)
    }
  })

  it('D4: a body of exactly 1 MiB is read; one byte more is 413 payload_too_large', async () => {
    const h = await start()
    const frame = '{"title":"A","notes":""}'
    const atLimit = frame.replace('""', `"${' '.repeat(LIMITS.bodyBytes - frame.length)}"`)
    expect(new TextEncoder().encode(atLimit).byteLength).toBe(LIMITS.bodyBytes)
    // 1 MiB of notes is past D7's 100,000 characters: a 400, which means the body was read.
    const read = await h.fetch('/api/v1/sessions', { method: 'POST', body: atLimit })
    await expectError(read, 'invalid_json', /^notes: must be at most 100000 characters$/, 400)
    const over = await h.fetch('/api/v1/sessions', { method: 'POST', body: `${atLimit} ` })
    await expectError(over, 'payload_too_large', ERRORS.payload_too_large.message, 413)
  })

  it('D4: errors carry Content-Type application/json and exactly status, code, message', async () => {
    const h = await start()
    const response = await h.fetch('/api/v1/sessions/none')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Object.keys((await response.json()).error).sort()).toEqual(['code', 'message', 'status'])
  })
})

describe('D4 internal errors (in-process)', () => {
  it('D4: an exception in a handler is 500 internal_error with the generic message; D17 lastError keeps its message', async () => {
    // onChange throwing is an exception inside a write's pipeline step.
    const failing = createMockApi({
      baseUrl: 'http://mock.test',
      now: NOW,
      sessions: 1,
      onChange: () => {
        throw new Error('disk full')
      },
    })
    const server = setupServer(...failing.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const [first] = failing.snapshot().sessions
      const headers = { authorization: `Bearer ${failing.token}`, 'content-type': 'application/json' }
      const response = await fetch(`http://mock.test/api/v1/sessions/${first?.id}/notes`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ notes: 'x' }),
      })
      await expectError(response, 'internal_error', ERRORS.internal_error.message, 500)
      const health = await expectAnswer(await fetch('http://mock.test/api/v1/health', { headers }), 'health.get')
      expect(health.data.lastError).toBe('disk full')
    } finally {
      server.close()
    }
  })

  it('MSW: server.use overrides a single endpoint because it prepends', async () => {
    const api = createMockApi({ baseUrl: 'http://mock.test', now: NOW, sessions: 1 })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      server.use(
        http.get('*/api/v1/sessions', () => Response.json({ data: [], meta: { total: 0, limit: 1, offset: 0 } })),
      )
      const headers = { authorization: `Bearer ${api.token}` }
      expect((await (await fetch('http://mock.test/api/v1/sessions', { headers })).json()).meta.limit).toBe(1)
      expect((await fetch('http://mock.test/api/v1/tags', { headers })).status).toBe(200)
      expect(api.handlers).toHaveLength(3)
    } finally {
      server.close()
    }
  })
})
