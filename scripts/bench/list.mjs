// List cost as the library grows: the p50 of one filtered, sorted page (kind, sort by title, 50)
// over 1,000, 10,000 and 100,000 sessions, in-process (the mock's MSW handlers through msw's
// getResponse, body read) against the plain server's list over the same records (its order kept
// per sort key, as the mock's: filter, slice, JSON.stringify). Also timed: the mock's very first
// page (from 10,000 sessions selected in one pass, the order sorted after it; below, the order
// sorted first) and the first page after one change (a PATCH of one title), as a p50.
//   node scripts/bench/list.mjs [--quick]
// BENCH_MOCK_ROOT=<another checkout, built> measures that checkout's mock instead, so a before and
// an after can be run alternately in one session.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { emit, median, NOW, quick, TOKEN } from './lib/common.mjs'
import { createPlainList } from './lib/plain-list.mjs'

const QUERY = 'kind=ableton&sort=title&limit=50'
const SIZES = [1_000, 10_000, 100_000]
const headers = { authorization: `Bearer ${TOKEN}` }
const CHANGES = 9

const mockRoot = process.env.BENCH_MOCK_ROOT
  ? pathToFileURL(`${resolve(process.env.BENCH_MOCK_ROOT)}/`)
  : new URL('../../', import.meta.url)
const { getResponse } = await import(new URL('packages/mock-server/bench/msw.mjs', mockRoot).href)
const { createMockApi, demoLibrary } = await import(new URL('packages/mock-server/dist/index.js', mockRoot).href)

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

  const api = createMockApi({ token: TOKEN, sessions, now: NOW, baseUrl: 'http://127.0.0.1/api/v1' })
  await api.idle()
  const url = `http://127.0.0.1/api/v1/sessions?${QUERY}`
  const page = async () => (await getResponse(api.handlers, new Request(url, { headers }))).text()
  const [first] = await timed(1, page)
  const mock = await timed(runs, page)
  const same = isDeepStrictEqual(plainPage(), JSON.parse(await page()))
  if (!same) throw new Error(`${sessions} sessions: the plain list and the mock answer different pages`)
  const changed = median(await afterChanges(api, records, page))
  api.dispose()
  console.log(
    `${sessions} sessions, ${runs} runs: plain p50 ${median(plain).toFixed(2)} ms, mock p50 ${median(mock).toFixed(2)} ms, mock first page ${first.toFixed(2)} ms, after one change p50 ${changed.toFixed(2)} ms`,
  )
  return { sessions, plain: median(plain), mock: median(mock), first, changed }
}

/** The first page after each of CHANGES single renames (the rename itself not timed). */
async function afterChanges(api, records, page) {
  const times = []
  for (let change = 0; change < CHANGES; change += 1) {
    const { id } = records[(change * 7919) % records.length]
    const body = JSON.stringify({ title: `Renamed ${change}` })
    const rename = new Request(`http://127.0.0.1/api/v1/sessions/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    })
    const response = await getResponse(api.handlers, rename)
    if (response?.status !== 200) throw new Error(`the rename of ${id} answered ${response?.status}`)
    times.push(...(await timed(1, page)))
  }
  return times
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
    benchmark: `list: very first page (no order kept yet), ${largest.sessions.toLocaleString('en')} sessions`,
    baseline: largest.plain,
    subject: largest.first,
    unit: 'ms',
    better: 'lower',
  },
  {
    benchmark: `list: first page after one change, p50, ${largest.sessions.toLocaleString('en')} sessions`,
    baseline: largest.plain,
    subject: largest.changed,
    unit: 'ms',
    better: 'lower',
  },
])
