import { LIMITS } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, NOW } from './support/harness.js'

describeTransports('D17 health', (start) => {
  it('D17: status ok, running, modes, port, baseUrl ending in /api/v1 and docsUrl from the request', async () => {
    const h = await start({ mode: 'read-only', effectiveMode: 'disabled' })
    const { data } = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    const origin = new URL(h.origin)
    expect(data).toMatchObject({
      status: 'ok',
      running: true,
      configuredMode: 'read-only',
      effectiveMode: 'disabled',
      baseUrl: h.baseUrl,
      docsUrl: `${h.origin}/docs`,
      port: Number(origin.port || 80),
    })
    expect(data.baseUrl.endsWith('/api/v1')).toBe(true)
    expect(data).not.toHaveProperty('lastError')
  })

  it('D17: requestCount counts requests under /api/v1 answered before this one, 401s and 404s included', async () => {
    const h = await start()
    expect((await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')).data.requestCount).toBe(0)
    await h.fetch('/api/v1/sessions', { token: 'bad' })
    await h.fetch('/api/v1/nothing')
    await h.fetch('/__mock/journal')
    const { data } = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect(data.requestCount).toBe(3)
    expect(data.recentRequests.map((r: { statusCode: number }) => r.statusCode)).toEqual([404, 401, 200])
  })

  it('D17: recentRequests holds the last 50, newest first, path without query, at from the clock', async () => {
    const h = await start()
    for (let i = 0; i < LIMITS.recentRequests + 1; i++) await h.fetch(`/api/v1/sessions?offset=${i}`)
    const { data } = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect(data.requestCount).toBe(51)
    expect(data.recentRequests).toHaveLength(LIMITS.recentRequests)
    expect(data.recentRequests[0]).toEqual({ method: 'GET', path: '/api/v1/sessions', statusCode: 200, at: NOW })
  })

  it('D17: lastError appears only after a 5xx and holds its message', async () => {
    const h = await start({ unavailable: ['waveform'] })
    await h.fetch('/api/v1/sessions/x')
    expect((await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')).data).not.toHaveProperty('lastError')
    await h.fetch('/api/v1/sessions/x/waveform')
    const { data } = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect(data.lastError).toBe('Waveform service is unavailable.')
  })

  it("D17: an injected fault with a body of its own puts that body's message in lastError, not the status's generic one", async () => {
    const h = await start()
    const message = 'No space left on device (ENOSPC)'
    const body = { error: { status: 503, code: 'storage_unavailable', message } }
    await h.fetch('/__mock/faults', { method: 'POST', json: { status: 503, operation: 'sessions.list', body } })
    await h.fetch('/api/v1/sessions')
    const { data } = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect(data.lastError).toBe(message)
  })
})
