// The dashboard's cost measured in one process, where CPU time has microsecond resolution (the
// HTTP rows' per-process figures have 10 ms ticks and swing with the neighbours' load): the CPU a
// list request costs (msw's getResponse over the mock's handlers, body read), and the CPU the
// event stream adds to each answered request (journaled with `api.recordAnswer`, in blocks that
// alternate between no subscriber and an event stream open and read, the reader's work counted
// against it).
import { getResponse } from '../../../packages/mock-server/bench/msw.mjs'
import { createMockApi } from '../../../packages/mock-server/dist/index.js'
import { median, NOW, SESSIONS, TOKEN } from './common.mjs'

const headers = { authorization: `Bearer ${TOKEN}` }
const answered = { method: 'GET', target: '/api/v1/sessions?limit=50', statusCode: 200 }
const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

/** Opens /__mock/events and reads it until cancelled. */
async function openStream(api) {
  const answer = await getResponse(api.handlers, new Request('http://127.0.0.1/__mock/events', { headers }))
  const reader = answer.body.getReader()
  let bytes = 0
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true }))
      if (done) return bytes
      bytes += value.length
    }
  })()
  return {
    close: async () => {
      await reader.cancel()
      return reading
    },
  }
}

/** CPU µs per call of `work`, `count` times, yielding every 100 (as a server between requests). */
async function cpuPer(count, work) {
  const before = process.cpuUsage()
  for (let index = 0; index < count; index += 1) {
    await work()
    if (index % 100 === 99) await tick()
  }
  const used = process.cpuUsage(before)
  return (used.user + used.system) / count
}

/**
 * `list`: median CPU µs of a list request; `push`: median CPU µs one answered request costs with a
 * stream open and read, less the same without one.
 */
export async function inProcessCost({ blocks, perBlock }) {
  const api = createMockApi({ token: TOKEN, sessions: SESSIONS, now: NOW, baseUrl: 'http://127.0.0.1/api/v1' })
  await api.idle()
  const list = () => getResponse(api.handlers, new Request(`http://127.0.0.1${answered.target}`, { headers }))
  const record = () => api.recordAnswer(answered)
  await cpuPer(perBlock, async () => (await list()).text()) // warm-up
  const lists = []
  const added = []
  let streamed = 0
  for (let index = 0; index < blocks; index += 1) {
    lists.push(await cpuPer(perBlock, async () => (await list()).text()))
    const none = await cpuPer(perBlock * 50, record)
    const stream = await openStream(api)
    const open = await cpuPer(perBlock * 50, record)
    streamed += await stream.close()
    added.push(open - none)
  }
  api.dispose()
  return { list: median(lists), push: median(added), streamed }
}
