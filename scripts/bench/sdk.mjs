// The SDK per call against bare `fetch` + `JSON.parse`, against the same standalone mock (10,000
// sessions, its own process on the server core): a list page of 50 and a session by id, one call
// at a time, with the SDK's answer validation on and off. Variants take turns in rounds so that
// a noisy moment hits them alike; the figure is the mean time per call over all rounds.
//   node scripts/bench/sdk.mjs [--quick]
import { SessionLibrary } from '../../packages/sdk/dist/index.js'
import { emit, quick, SESSIONS, TOKEN } from './lib/common.mjs'
import { startMockProcess } from './lib/processes.mjs'

const ROUNDS = quick ? 2 : 4
const CALLS = quick ? 100 : 300
const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }

const server = await startMockProcess()
try {
  const baseUrl = `${server.origin}/api/v1`
  const bare = async (path) => JSON.parse(await (await fetch(`${baseUrl}${path}`, { headers })).text())
  const { data } = await bare(`/sessions?limit=1&offset=${SESSIONS / 2}`)
  const id = data[0].id
  const clients = {
    validated: new SessionLibrary({ token: TOKEN, baseUrl, validate: true, retry: 0 }),
    unvalidated: new SessionLibrary({ token: TOKEN, baseUrl, validate: false, retry: 0 }),
  }
  const operations = {
    'list page of 50': {
      bare: () => bare('/sessions?limit=50'),
      validated: () => clients.validated.sessions.list({ limit: 50 }),
      unvalidated: () => clients.unvalidated.sessions.list({ limit: 50 }),
    },
    'by id': {
      bare: () => bare(`/sessions/${id}`),
      validated: () => clients.validated.sessions.get(id),
      unvalidated: () => clients.unvalidated.sessions.get(id),
    },
  }
  const rows = []
  for (const [operation, variants] of Object.entries(operations)) {
    const spent = { bare: 0, validated: 0, unvalidated: 0 }
    for (const call of Object.values(variants)) for (let warm = 0; warm < 30; warm += 1) await call()
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [variant, call] of Object.entries(variants)) {
        const started = performance.now()
        for (let index = 0; index < CALLS; index += 1) await call()
        spent[variant] += performance.now() - started
      }
    }
    const perCall = (variant) => spent[variant] / (ROUNDS * CALLS)
    console.log(
      `${operation}: bare ${perCall('bare').toFixed(3)} ms, SDK validated ${perCall('validated').toFixed(3)} ms, unvalidated ${perCall('unvalidated').toFixed(3)} ms (${ROUNDS}×${CALLS} calls each)`,
    )
    rows.push(
      {
        benchmark: `sdk: ${operation}, per call, validation on`,
        baseline: perCall('bare'),
        subject: perCall('validated'),
        unit: 'ms',
        better: 'lower',
        target: '≤ 1.15× bare',
        met: perCall('validated') <= 1.15 * perCall('bare'),
      },
      {
        benchmark: `sdk: ${operation}, per call, validation off`,
        baseline: perCall('bare'),
        subject: perCall('unvalidated'),
        unit: 'ms',
        better: 'lower',
      },
    )
  }
  emit(rows)
} finally {
  await server.stop()
}
