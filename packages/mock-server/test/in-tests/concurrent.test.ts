import { DEFAULT_BASE_URL } from '@session-library/schemas'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockApi, type MockApi, type MockServer, withMock } from '../../src/index.js'
import { NOW } from '../support/harness.js'

// One msw server for the file, a shared mock behind every test's own: a test that reached it
// instead of its own would see the others' writes.
const shared = createMockApi({ sessions: 3, now: NOW })
const server = setupServer(...shared.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const sessionId = shared.store.sessions()[0]?.id ?? ''
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Writes this test's tag to the one session id every test shares, waits for the others, reads back. */
async function writeAndRead(api: MockApi, tag: string, baseUrl = DEFAULT_BASE_URL) {
  const url = `${baseUrl}/sessions/${sessionId}/tags`
  const headers = { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }
  expect((await fetch(url, { method: 'PUT', headers, body: JSON.stringify({ tags: [tag] }) })).status).toBe(200)
  await sleep(20)
  expect((await (await fetch(url, { headers })).json()).data.tags).toEqual([tag])
  api.verify('tags.put', { times: 1, body: { tags: [tag] } })
}

describe('withMock under msw’s server.boundary(): each concurrent test has a library of its own', () => {
  for (let at = 0; at < 20; at++) {
    it.concurrent(
      `test ${at} sees only its own write, at the default base URL`,
      withMock(server, (api) => writeAndRead(api, `t${at}`), { sessions: 3, now: NOW }),
    )
  }
})

describe('withMock where msw has no boundary: each mock on an origin of its own', () => {
  const noBoundary: MockServer = { use: (...handlers) => server.use(...handlers) }
  for (let at = 0; at < 20; at++) {
    it.concurrent(
      `test ${at} sees only its own write, at api.baseUrl`,
      withMock(noBoundary, (api) => writeAndRead(api, `f${at}`, api.baseUrl), { sessions: 3, now: NOW }),
    )
  }
})

describe('the shared mock', () => {
  it('saw none of those writes', () => {
    expect(shared.journal()).toEqual([])
    expect(shared.store.session(sessionId)?.tags.some((tag) => /^[tf]\d+$/.test(tag))).toBe(false)
  })
})
