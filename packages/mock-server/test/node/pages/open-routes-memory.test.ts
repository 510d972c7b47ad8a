import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { fetchRequestView } from '../../../src/http/request-view.js'
import { mockCoreFrom, startingLibrary } from '../../../src/mock-core.js'
import { createStaticRoutes } from '../../../src/node/pages/static-routes.js'

// Every route the standalone mock serves, answered 10,000 times with a distinct Host, Origin and
// query each: what any of them keeps per value grows the heap left after a full GC by at least
// 10,000 × a map entry; nothing may.

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const TOKEN = 'memory-token'
const VALUES = 10_000
/**
 * What a full GC may still leave of a heap that keeps nothing per value (measured: at most 150 KB);
 * one map entry a value (10,000 × about 100 bytes) is past it.
 */
const FLAT_BYTES = 600 * 1024

const pages = createStaticRoutes()
// A mock of its own per route: the event stream's backlog holds no other route's requests.
const mock = () => mockCoreFrom({ token: TOKEN, baseUrl: '*' }, startingLibrary({ sessions: 3 })).entry
const through =
  (entry = mock()) =>
  async (request: Request) => {
    const answered = await entry.answer(fetchRequestView(request))
    return answered instanceof Response ? answered : new Response(JSON.stringify(answered))
  }
const routes: Record<string, (request: Request) => Promise<Response | undefined> | Response | undefined> = {
  '/openapi.json': pages,
  '/docs': pages,
  '/docs/init.js': pages,
  '/docs/assets/favicon-16x16.png': pages,
  '/__mock/': pages,
  '/api/v1/health': through(),
  '/__mock/mode': through(),
  '/__mock/events': through(),
}

async function ask(path: string, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i += 1) {
    const headers = { authorization: `Bearer ${TOKEN}`, origin: `http://o${i}.test`, 'if-none-match': `"${i}"` }
    const request = new Request(`http://h${i}.localhost:${1000 + (i % 60_000)}${path}?v=${i}`, { headers })
    const answer = await routes[path]?.(request)
    // Read whole, or (an event stream) let go: a client that leaves.
    if (path.endsWith('/events')) await answer?.body?.cancel()
    else await answer?.arrayBuffer()
  }
}

const heapAfterGc = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

describe('D18: every open route keeps nothing per Host, Origin or query', () => {
  it.each(Object.keys(routes))(
    `%s: ${VALUES} distinct values leave the heap after a full GC flat`,
    async (path) => {
      // Warmed up: lazily built pages, a full journal ring (it keeps its latest 1,000 entries).
      await ask(path, 0, 1_500)
      const before = heapAfterGc()
      await ask(path, 1_500, VALUES)
      expect(heapAfterGc() - before).toBeLessThan(FLAT_BYTES)
    },
    60_000,
  )
})
