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

describe('a library no test can corrupt', () => {
  const { api } = servedMock({ sessions: 2, now: NOW })

  it('what api.store hands out is frozen at any depth: a change is a compile error and a TypeError; reset() restores the demo library', async () => {
    const start = api.snapshot()
    const [session] = api.store.sessions()
    const record = api.store.session(session?.id ?? '')
    // @ts-expect-error the store's records are read-only at any depth
    expect(() => record?.tags.push('x')).toThrow(TypeError)
    expect(() => Object.assign(record ?? {}, { title: 'x' })).toThrow(TypeError)
    // @ts-expect-error a list read-only too, and a new array each call
    api.store.sessions().pop()
    expect(api.store.sessions()).toHaveLength(2)
    await create('Kept until reset')
    api.reset()
    expect(api.snapshot()).toEqual(start)
  })

  it('a snapshot and a seeded library are copies: changing them changes nothing the mock holds', () => {
    const snapshot = api.snapshot()
    snapshot.sessions[0]?.tags.push('changed')
    const seeded = api.snapshot()
    api.seed(seeded)
    seeded.sessions[0]?.tags.push('changed too')
    expect(api.store.sessions()[0]?.tags).not.toContain('changed')
    expect(api.store.sessions()[0]?.tags).not.toContain('changed too')
    api.reset()
    expect(api.store.sessions()[0]?.tags).not.toContain('changed')
  })
})
