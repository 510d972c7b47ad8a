// The mock's writes in process (its MSW handlers through msw's getResponse, as list.mjs does): no
// network and no other process, so the figures show how a write's cost grows with the library
// with far less of a loaded machine's noise than the servers' latencies.
import { getResponse } from '../../../packages/mock-server/bench/msw.mjs'
import { createMockApi } from '../../../packages/mock-server/dist/index.js'
import { median, NOW, TOKEN } from './common.mjs'

const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }

async function p50(api, make, count, warmUp) {
  const times = []
  for (let index = 0; index < warmUp + count; index++) {
    const request = make(index)
    const started = performance.now()
    await (await getResponse(api.handlers, request)).text()
    if (index >= warmUp) times.push(performance.now() - started)
  }
  return median(times)
}

/** p50 in ms of POST, PATCH and PUT notes against an in-process mock of `size` sessions. */
export async function inProcessWrites(size, count, warmUp) {
  const api = createMockApi({ token: TOKEN, sessions: size, now: NOW, baseUrl: 'http://127.0.0.1/api/v1' })
  await api.idle()
  const ids = api
    .snapshot()
    .sessions.slice(0, 500)
    .map(({ id }) => id)
  const url = (path) => `http://127.0.0.1/api/v1${path}`
  const write = (path, method, body) => new Request(url(path), { method, headers, body: JSON.stringify(body) })
  const some = (index) => ids[(index * 7919) % ids.length]
  const result = {
    POST: await p50(api, (index) => write('/sessions', 'POST', { title: `New ${index}` }), count, warmUp),
    PATCH: await p50(
      api,
      (index) => write(`/sessions/${some(index)}`, 'PATCH', { title: `Renamed ${index}`, status: 'mixing' }),
      count,
      warmUp,
    ),
    'PUT notes': await p50(
      api,
      (index) => write(`/sessions/${some(index)}/notes`, 'PUT', { notes: `notes ${index}` }),
      count,
      warmUp,
    ),
  }
  api.dispose()
  return result
}
