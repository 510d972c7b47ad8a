// The standalone mock against a plain node:http server serving the same data (the mock's demo
// library, 10,000 sessions): requests per second, p99 and the server's CPU time per request of a
// list page (50, the default sort) and of a session by id. Each server in its own process, pinned
// to one core, the load from autocannon on another, 16 connections on loopback; each run after a
// 1 s warm-up. Rounds alternate the servers, and each figure is the median of the rounds: on a
// machine shared with other work, CPU per request (from /proc) moves far less than req/s.
//   node scripts/bench/server.mjs [--quick]
// BENCH_MOCK_ROOT=<another checkout, built> also measures that checkout's mock (rows "before"), in
// the same rounds, so that a change is measured before and after in one run.
import { resolve } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { emit, median, quick, root, SESSIONS, TOKEN } from './lib/common.mjs'
import { autocannon, cpuSeconds, pinning, startMockProcess, startServerProcess } from './lib/processes.mjs'

const SECONDS = quick ? 2 : 5
const ROUNDS = quick ? 1 : 3
const LIST = '/api/v1/sessions?limit=50'
const headers = { authorization: `Bearer ${TOKEN}` }
const beforeRoot = process.env.BENCH_MOCK_ROOT && resolve(process.env.BENCH_MOCK_ROOT)

async function getJson(url) {
  const answer = await fetch(url, { headers })
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`)
  return answer.json()
}

/** One timed run: autocannon's figures and the server's CPU time per request, in µs. */
async function load(server, path) {
  await autocannon(`${server.origin}${path}`, { seconds: 1, headers })
  const cpu = cpuSeconds(server.pid)
  const result = await autocannon(`${server.origin}${path}`, { seconds: SECONDS, headers })
  const used = cpuSeconds(server.pid) - cpu
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.origin}${path}: ${JSON.stringify(result)}`)
  return { ...result, cpuUs: Number.isNaN(used) ? undefined : (used * 1e6) / result.requests }
}

const sessions = ['--sessions', `${SESSIONS}`]
const servers = {
  plain: await startServerProcess(root('scripts/bench/servers/plain.mjs'), sessions),
  mock: await startMockProcess(),
  ...(beforeRoot && { before: await startMockProcess(beforeRoot) }),
}
try {
  // Same data, same page: the comparison is only fair if both answer the same bytes' worth.
  const plainPage = await getJson(`${servers.plain.origin}${LIST}`)
  for (const [name, server] of Object.entries(servers)) {
    if (!isDeepStrictEqual(plainPage, await getJson(`${server.origin}${LIST}`))) {
      throw new Error(`the plain server and ${name} answer different pages`)
    }
  }
  const { data } = await getJson(`${servers.plain.origin}/api/v1/sessions?limit=1&offset=${SESSIONS / 2}`)
  const paths = { list: LIST, 'by id': `/api/v1/sessions/${data[0].id}` }
  const names = Object.keys(servers)
  /** runs[path][server]: one result per round. */
  const runs = Object.fromEntries(
    Object.keys(paths).map((path) => [path, Object.fromEntries(names.map((n) => [n, []]))]),
  )
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts with another server, so that none always runs right after the same one.
    const order = names.map((_, index) => names[(index + round) % names.length])
    for (const [path, target] of Object.entries(paths)) {
      for (const name of order) runs[path][name].push(await load(servers[name], target))
    }
  }
  console.log(`${pinning}; ${ROUNDS} round(s) of ${SECONDS} s; list ${paths.list}, by id ${paths['by id']}`)
  const figure = (path, name, key) => median(runs[path][name].map((run) => run[key]))
  for (const path of Object.keys(paths)) {
    for (const name of names) {
      const [rps, p99, cpuUs] = ['rps', 'p99', 'cpuUs'].map((key) => figure(path, name, key))
      console.log(
        `${path.padEnd(6)} ${name.padEnd(6)} ${Math.round(rps)} req/s, p99 ${p99} ms, ${cpuUs?.toFixed(1)} µs CPU a request`,
      )
    }
  }
  const rows = (path, title, share, subject, label = '') => {
    const plain = (key) => figure(path, 'plain', key)
    const mock = (key) => figure(path, subject, key)
    return [
      {
        benchmark: `server: ${title}, req/s (${SESSIONS.toLocaleString('en')} sessions)${label}`,
        baseline: plain('rps'),
        subject: mock('rps'),
        unit: 'req/s',
        better: 'higher',
        target: `≥ ${share * 100} % of plain`,
        met: mock('rps') >= share * plain('rps'),
      },
      {
        benchmark: `server: ${title}, CPU a request${label}`,
        baseline: plain('cpuUs'),
        subject: mock('cpuUs'),
        unit: 'µs',
        better: 'lower',
        target: `≤ ${(1 / share).toFixed(2)}× plain`,
        met: mock('cpuUs') * share <= plain('cpuUs'),
      },
      {
        benchmark: `server: ${title}, p99${label}`,
        baseline: plain('p99'),
        subject: mock('p99'),
        unit: 'ms',
        // autocannon's latencies are whole milliseconds.
        resolution: 1,
        better: 'lower',
        target: '≤ 2× plain',
        met: mock('p99') <= 2 * Math.max(1, plain('p99')),
      },
    ]
  }
  const subjects = beforeRoot
    ? [
        ['before', ' · before'],
        ['mock', ''],
      ]
    : [['mock', '']]
  emit(
    subjects.flatMap(([subject, label]) => [
      ...rows('list', 'list page of 50', 0.85, subject, label),
      ...rows('by id', 'by id', 0.75, subject, label),
    ]),
  )
} finally {
  await Promise.all(Object.values(servers).map((server) => server.stop()))
}
