// The dashboard's cost to the API: requests per second of a list page (50 of 10,000 sessions) on
// the standalone mock with no dashboard, with one open (its event stream read as a tab reads it:
// every answered request is pushed to it), and with a frozen tab (a stream nobody reads, which
// the mock drops once its buffer is full). One mock process, the load from autocannon in
// another, the stream's reader in this one; the cases alternate, rounds back to back, the median
// of each compared. The rows count requests per second of the mock's own CPU time (from
// /proc/<pid>/stat): on a machine shared with other work the wall-clock req/s of a run swings with
// the neighbours' load, while the CPU each request costs the mock does not. Wall-clock req/s are
// printed too. The same comparison in one process, where CPU time is exact to the microsecond,
// gives a third row (lib/dashboard-in-process.mjs).
//   node scripts/bench/dashboard.mjs [--quick]
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { emit, median, quick, TOKEN } from './lib/common.mjs'
import { inProcessCost } from './lib/dashboard-in-process.mjs'
import { autocannon, pinning, startMockProcess } from './lib/processes.mjs'

const SECONDS = quick ? 2 : 3
const ROUNDS = quick ? 1 : 5
const LIST = '/api/v1/sessions?limit=50'
const headers = { authorization: `Bearer ${TOKEN}` }

/** Opens /__mock/events; `read` false leaves it unread, as a frozen tab does. */
function openStream(origin, { read }) {
  const seen = { bytes: 0, ended: false }
  const asked = request(`${origin}/__mock/events`, { headers }, (answer) => {
    if (answer.statusCode !== 200) throw new Error(`/__mock/events: ${answer.statusCode}`)
    answer.on('data', (chunk) => {
      seen.bytes += chunk.length
    })
    if (!read) answer.pause()
    answer.on('close', () => {
      seen.ended = true
    })
  })
  asked.on('error', () => {
    seen.ended = true
  })
  asked.end()
  return { seen, close: () => asked.destroy() }
}

/** CPU seconds (user and system) a process has used; Linux only. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime in ticks of 1/100 s
}

async function run(server, stream) {
  const opened = stream && openStream(server.origin, stream)
  await new Promise((resolve) => setTimeout(resolve, 200))
  const cpuBefore = cpuSeconds(server.pid)
  const result = await autocannon(`${server.origin}${LIST}`, { seconds: SECONDS, headers })
  const cpu = cpuSeconds(server.pid) - cpuBefore
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${LIST}: ${JSON.stringify(result)}`)
  opened?.close()
  const perCpuSecond = Math.round(result.requests / cpu)
  return { perCpuSecond, cpu, ...result, ...(opened && { streamed: opened.seen.bytes, dropped: opened.seen.ended }) }
}

const mock = await startMockProcess()
try {
  await autocannon(`${mock.origin}${LIST}`, { seconds: quick ? 1 : 3, headers }) // warm-up (JIT)
  const cases = { closed: undefined, open: { read: true }, frozen: { read: false } }
  const runs = { closed: [], open: [], frozen: [] }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, stream] of Object.entries(cases)) {
      const result = await run(mock, stream)
      runs[name].push(result)
      console.log(`round ${round + 1} ${name.padEnd(6)} ${JSON.stringify(result)}`)
    }
  }
  console.log(`${pinning}; ${SECONDS} s a run, ${ROUNDS} rounds; ${LIST}`)
  const closed = median(runs.closed.map((each) => each.perCpuSecond))
  const row = (name, label) => {
    const subject = median(runs[name].map((each) => each.perCpuSecond))
    return {
      benchmark: `dashboard: list req/s of mock CPU, ${label} vs none`,
      baseline: closed,
      subject,
      unit: 'req/s',
      better: 'higher',
      target: '≥ 95 %',
      met: subject >= 0.95 * closed,
    }
  }
  const cost = await inProcessCost({ blocks: quick ? 3 : 9, perBlock: quick ? 50 : 100 })
  console.log(
    `in-process: a list request ${cost.list.toFixed(1)} µs of CPU; the open stream adds ${cost.push.toFixed(2)} µs to each answered request (${cost.streamed} bytes streamed)`,
  )
  emit([
    row('open', 'event stream open and read'),
    row('frozen', 'event stream open, never read'),
    {
      benchmark: 'dashboard: list req/s of CPU in-process, event stream open and read vs none',
      baseline: 1e6 / cost.list,
      subject: 1e6 / (cost.list + cost.push),
      unit: 'req/s',
      better: 'higher',
      target: '≥ 95 %',
      met: cost.list / (cost.list + cost.push) >= 0.95,
    },
  ])
} finally {
  await mock.stop()
}
