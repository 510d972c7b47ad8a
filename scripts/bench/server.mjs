// The standalone mock against a plain node:http server serving the same data (the mock's demo
// library, 10,000 sessions): requests per second and p99 of a list page (50, the default sort)
// and of a session by id. Each server in its own process, the load from autocannon in another,
// 16 connections on loopback; baseline and subject back to back, each after a 1 s warm-up.
//   node scripts/bench/server.mjs [--quick]
import { isDeepStrictEqual } from 'node:util'
import { emit, quick, root, SESSIONS, TOKEN } from './lib/common.mjs'
import { autocannon, pinning, startMockProcess, startServerProcess } from './lib/processes.mjs'

const SECONDS = quick ? 2 : 5
const LIST = '/api/v1/sessions?limit=50'
const headers = { authorization: `Bearer ${TOKEN}` }

async function getJson(url) {
  const answer = await fetch(url, { headers })
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`)
  return answer.json()
}

async function load(origin, path) {
  await autocannon(`${origin}${path}`, { seconds: 1, headers })
  const result = await autocannon(`${origin}${path}`, { seconds: SECONDS, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${origin}${path}: ${JSON.stringify(result)}`)
  return result
}

const sessions = ['--sessions', `${SESSIONS}`]
const plain = await startServerProcess(root('scripts/bench/servers/plain.mjs'), sessions)
const mock = await startMockProcess()
try {
  // Same data, same page: the comparison is only fair if both answer the same bytes' worth.
  const [plainPage, mockPage] = await Promise.all([getJson(`${plain.origin}${LIST}`), getJson(`${mock.origin}${LIST}`)])
  if (!isDeepStrictEqual(plainPage, mockPage)) throw new Error('the plain server and the mock answer different pages')
  const { data } = await getJson(`${plain.origin}/api/v1/sessions?limit=1&offset=${SESSIONS / 2}`)
  const byId = `/api/v1/sessions/${data[0].id}`

  const list = { plain: await load(plain.origin, LIST), mock: await load(mock.origin, LIST) }
  const one = { plain: await load(plain.origin, byId), mock: await load(mock.origin, byId) }
  console.log(`${pinning}; ${SECONDS} s a run; list ${LIST}, by id ${byId}`)
  for (const [name, runs] of Object.entries({ list, 'by id': one })) {
    for (const [server, run] of Object.entries(runs)) {
      console.log(`${name.padEnd(6)} ${server.padEnd(6)} ${JSON.stringify(run)}`)
    }
  }
  const rps = (name, runs, share) => ({
    benchmark: `server: ${name}, req/s (${SESSIONS.toLocaleString('en')} sessions)`,
    baseline: runs.plain.rps,
    subject: runs.mock.rps,
    unit: 'req/s',
    better: 'higher',
    target: `≥ ${share * 100} % of plain`,
    met: runs.mock.rps >= share * runs.plain.rps,
  })
  const p99 = (name, runs) => ({
    benchmark: `server: ${name}, p99`,
    baseline: runs.plain.p99,
    subject: runs.mock.p99,
    unit: 'ms',
    // autocannon's latencies are whole milliseconds.
    resolution: 1,
    better: 'lower',
  })
  emit([rps('list page of 50', list, 0.6), p99('list page of 50', list), rps('by id', one, 0.25), p99('by id', one)])
} finally {
  await Promise.all([plain.stop(), mock.stop()])
}
