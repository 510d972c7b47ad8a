// The SDK per call beside what it is built on, side by side in one run against the plain server
// (servers/plain.mjs, 10,000 sessions, its own process on the server core): bare `fetch` +
// `JSON.parse`, ky 1 (the `ky1` alias devDependency), ky 2 (the SDK's own ky), and the SDK with its
// answer validation on and off; a list page of 50 and a session by id, one call at a time.
// Variants take turns in many short rounds so that a noisy moment hits them alike; the figure is
// the median over the rounds of each round's mean time per call (a burst of load on a shared
// machine spoils a few rounds, not the figure). Each variant's ratio is to bare `fetch` (the SDK's
// aim: ≤ 1.15×); the SDK's also to ky 2 alone from the same rounds (its aim: at most 10 % over ky).
//   node scripts/bench/sdk.mjs [--quick]
import { createRequire } from 'node:module'
import ky1 from 'ky1'
import { SessionLibrary } from '../../packages/sdk/dist/index.js'
import { emit, median, quick, root, SESSIONS, TOKEN } from './lib/common.mjs'
import { startServerProcess } from './lib/processes.mjs'

const ROUNDS = quick ? 5 : 21
const CALLS = quick ? 40 : 60
const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }
// The very ky the SDK runs on, resolved from the SDK's package rather than declared again here.
const { default: ky2 } = await import(createRequire(root('packages/sdk/package.json')).resolve('ky'))
const VARIANTS = ['bare fetch', 'ky 1', 'ky 2', 'SDK, validation on', 'SDK, validation off']
// Where ky 2 and the SDK's variants sit in VARIANTS.
const KY2 = 2
const SDK_VARIANTS = [3, 4]
// The two baselines of the SDK with validation on, and the most it may take of each.
const BARE = { suffix: '', target: '≤ 1.15× bare', limit: 1.15 }
const KY_ALONE = { suffix: ', over ky 2 alone', target: '≤ 1.10× ky 2', limit: 1.1 }

const server = await startServerProcess(root('scripts/bench/servers/plain.mjs'), ['--sessions', `${SESSIONS}`])
try {
  const baseUrl = `${server.origin}/api/v1`
  const bare = async (path) => JSON.parse(await (await fetch(`${baseUrl}${path}`, { headers })).text())
  const kyCall = (ky) => (path) => ky.get(`${baseUrl}${path}`, { headers, retry: 0 }).json()
  const { data } = await bare(`/sessions?limit=1&offset=${SESSIONS / 2}`)
  const id = data[0].id
  const validated = new SessionLibrary({ token: TOKEN, baseUrl, validate: true, retry: 0 })
  const unvalidated = new SessionLibrary({ token: TOKEN, baseUrl, validate: false, retry: 0 })
  const byPath = [bare, kyCall(ky1), kyCall(ky2)]
  const operations = {
    'list page of 50': [
      ...byPath.map((call) => () => call('/sessions?limit=50')),
      () => validated.sessions.list({ limit: 50 }),
      () => unvalidated.sessions.list({ limit: 50 }),
    ],
    'by id': [
      ...byPath.map((call) => () => call(`/sessions/${id}`)),
      () => validated.sessions.get(id),
      () => unvalidated.sessions.get(id),
    ],
  }
  const rows = []
  for (const [operation, calls] of Object.entries(operations)) {
    const perCall = await timePerCall(calls)
    console.log(
      `${operation}: ${VARIANTS.map((variant, index) => `${variant} ${perCall[index].toFixed(3)} ms`).join(', ')} (${ROUNDS}×${CALLS} calls each)`,
    )
    rows.push(
      ...VARIANTS.slice(1).map((variant, index) => row(operation, variant, BARE, perCall[0], perCall[index + 1])),
    )
    rows.push(...SDK_VARIANTS.map((index) => row(operation, VARIANTS[index], KY_ALONE, perCall[KY2], perCall[index])))
  }
  emit(rows)
} finally {
  await server.stop()
}

/** Milliseconds per call of each function: the median of its rounds' means, after a warm-up. */
async function timePerCall(calls) {
  const rounds = calls.map(() => [])
  for (const call of calls) for (let warm = 0; warm < 30; warm += 1) await call()
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, call] of calls.entries()) {
      const started = performance.now()
      for (let count = 0; count < CALLS; count += 1) await call()
      rounds[index].push((performance.now() - started) / CALLS)
    }
  }
  return rounds.map(median)
}

/** One table row: a variant against a baseline's time; the SDK with validation carries its target. */
function row(operation, variant, baseline, baselineMs, subjectMs) {
  const targeted = variant === 'SDK, validation on'
  return {
    benchmark: `sdk: ${operation}, per call, ${variant}${baseline.suffix}`,
    baseline: baselineMs,
    subject: subjectMs,
    unit: 'ms',
    better: 'lower',
    ...(targeted ? { target: baseline.target, met: subjectMs <= baseline.limit * baselineMs } : {}),
  }
}
