import { describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const base = 'http://127.0.0.1:4777/api/v1'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const create = (title: string, signal?: AbortSignal) =>
  fetch(`${base}/sessions`, { method: 'POST', headers, body: JSON.stringify({ title }), signal })

describe('reset() isolates what was under way before it', () => {
  const { api, server } = servedMock({ sessions: 2, now: NOW })

  it('a read that times out in one test is not journaled after the reset that ends it', async () => {
    api.injectFault({ latency: 300, operation: 'sessions.list' })
    await expect(fetch(`${base}/sessions`, { headers, signal: AbortSignal.timeout(50) })).rejects.toThrow()
    api.reset()
    await sleep(400)
    expect(api.journal()).toEqual([])
  })

  it('a create in flight across a reset lands neither in the new library nor in its journal', async () => {
    const before = api.snapshot()
    api.injectFault({ latency: 200, operation: 'sessions.create' })
    const pending = create('Ghost').catch(() => undefined)
    await expect.poll(() => api.faults()).toEqual([]) // the create has arrived and waits out its latency
    api.reset()
    await pending
    expect(api.snapshot()).toEqual(before)
    expect(api.store.sessions().map((session) => session.title)).not.toContain('Ghost')
    expect(api.journal()).toEqual([])
  })

  it('a write waiting for its onChange across a reset is not journaled, and the new library holds none of it', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow = createMockApi({ baseUrl: 'http://slow.test', sessions: 1, now: NOW, onChange: () => held })
    server.use(...slow.handlers)
    const pending = fetch('http://slow.test/api/v1/sessions', { method: 'POST', headers, body: '{"title":"Late"}' })
    await expect.poll(() => slow.store.sessions().length).toBe(2)
    const reset = slow.reset()
    expect(slow.store.sessions().map((session) => session.title)).not.toContain('Late')
    release()
    await pending
    await reset
    expect(slow.store.sessions()).toHaveLength(1)
    expect(slow.journal()).toEqual([])
  })

  it('api.reset(); api.injectFault(…) in one tick keeps the fault', async () => {
    api.reset()
    api.injectFault({ status: 503, operation: 'sessions.list' })
    expect((await fetch(`${base}/sessions`, { headers })).status).toBe(503)
  })

  it('ids after reset() are a fresh mock’s: a test gets the same ids alone or after others', async () => {
    const first = (await (await create('A')).json()).data.id
    api.reset()
    const again = (await (await create('A')).json()).data.id
    const fresh = createMockApi({ baseUrl: 'http://fresh.test', sessions: 2, now: NOW })
    server.use(...fresh.handlers)
    const alone = (
      await (
        await fetch('http://fresh.test/api/v1/sessions', { method: 'POST', headers, body: '{"title":"A"}' })
      ).json()
    ).data.id
    expect([again, alone]).toEqual([first, first])
  })
})
