// List cost as the library grows: the p50 of one filtered, sorted page (kind, sort by title, 50)
// over 1,000, 10,000 and 100,000 sessions, in-process (the mock's MSW handlers through msw's
// getResponse, body read) against the plain server's list over the same records (its order kept
// per sort key, as the mock's: filter, slice, JSON.stringify). Both keep a sorted order per sort
// key until the next change, so the mock's first page after a change costs a sort: printed too.
//   node scripts/bench/list.mjs [--quick]
import { isDeepStrictEqual } from 'node:util'
import { getResponse } from '../../packages/mock-server/bench/msw.mjs'
import { createMockApi, demoLibrary } from '../../packages/mock-server/dist/index.js'
import { emit, median, NOW, quick, TOKEN } from './lib/common.mjs'
import { createPlainList } from './lib/plain-list.mjs'

const QUERY = 'kind=ableton&sort=title&limit=50'
const SIZES = [1_000, 10_000, 100_000]
const headers = { authorization: `Bearer ${TOKEN}` }

async function timed(runs, work) {
  const times = []
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return times
}

async function measure(sessions) {
  const runs = Math.max(quick ? 5 : 15, Math.round((quick ? 20_000 : 100_000) / sessions))
  const records = demoLibrary({ seed: 1, sessions, now: new Date(NOW) }).sessions
  const plainList = createPlainList(records)
  const plainPage = () => plainList.page(new URLSearchParams(QUERY))
  plainPage() // its order, kept until a write, as the mock's
  const plain = await timed(runs, () => JSON.stringify(plainPage()))

  const api = createMockApi({ token: TOKEN, sessions, now: NOW })
  await api.idle()
  const url = `http://127.0.0.1/api/v1/sessions?${QUERY}`
  const page = async () => (await getResponse(api.handlers, new Request(url, { headers }))).text()
  const [first] = await timed(1, page)
  const mock = await timed(runs, page)
  const same = isDeepStrictEqual(plainPage(), JSON.parse(await page()))
  if (!same) throw new Error(`${sessions} sessions: the plain list and the mock answer different pages`)
  api.dispose()
  console.log(
    `${sessions} sessions, ${runs} runs: plain p50 ${median(plain).toFixed(2)} ms, mock p50 ${median(mock).toFixed(2)} ms, mock first page ${first.toFixed(2)} ms`,
  )
  return { sessions, plain: median(plain), mock: median(mock), first }
}

const results = []
for (const sessions of SIZES) results.push(await measure(sessions))
const largest = results.at(-1)
emit([
  ...results.map(({ sessions, plain, mock }) => ({
    benchmark: `list: filtered sorted page, p50, ${sessions.toLocaleString('en')} sessions`,
    baseline: plain,
    subject: mock,
    unit: 'ms',
    better: 'lower',
    ...(sessions === largest.sessions && { target: '< 50 ms', met: mock < 50 }),
  })),
  {
    benchmark: `list: first page after a change (sorts), ${largest.sessions.toLocaleString('en')} sessions`,
    baseline: largest.plain,
    subject: largest.first,
    unit: 'ms',
    better: 'lower',
  },
])
