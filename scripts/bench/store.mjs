// The store at any size: the p50 of sequential POST, PATCH and PUT notes from one client
// over loopback, at 1,000, 10,000 and 100,000 sessions, for the mock in memory and with --data,
// against the plain server (plain.mjs) and the plain server appending one fdatasync'd line a write
// (the floor of a durable write on this disk). The 100,000-session starts are in start.mjs.
// At each size the four servers run side by side and are measured in alternating rounds, so that a
// change of the machine's load falls on all of them; each detail line also gives the server's CPU
// time per request (from /proc), which a loaded machine disturbs far less than latency.
//   node scripts/bench/store.mjs [--quick]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { emit, median, NOW, quick, root, TOKEN } from './lib/common.mjs'
import { inProcessWrites } from './lib/store-in-process.mjs'
import { cpuOf, spawnServer } from './lib/store-processes.mjs'

const SIZES = [1_000, 10_000, 100_000]
const ROUNDS = 3
const REQUESTS = quick ? 20 : 100
// Each server process answers its first few hundred requests slower (V8 has not optimized them yet).
const WARM_UP = quick ? 20 : 200
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
const work = mkdtempSync(join(tmpdir(), 'bench-store-'))

const servers = {
  plain: (size) => spawnServer(process.execPath, [root('scripts/bench/servers/plain.mjs'), '--sessions', `${size}`]),
  'plain + journal': (size) =>
    spawnServer(process.execPath, [
      root('scripts/bench/servers/plain.mjs'),
      '--sessions',
      `${size}`,
      '--journal',
      join(work, `journal-${size}-${Date.now()}.log`),
    ]),
  mock: (size, extra = []) =>
    spawnServer(process.execPath, [
      root('packages/mock-server/dist/cli.js'),
      ...['--port', '0', '--token', TOKEN, '--quiet', '--now', NOW, '--sessions', `${size}`],
      ...extra,
    ]),
  'mock --data': (size) => servers.mock(size, ['--data', join(work, `library-${size}.json`)]),
}

/** Sequential requests; their latencies (after `warmUp` untimed ones) and the server's CPU time per request. */
async function batch(server, request, count, warmUp) {
  const times = []
  let cpu = 0
  for (let index = 0; index < warmUp + count; index++) {
    const { path, method, body } = request(index)
    if (index === warmUp) cpu = cpuOf(server.pid)
    const started = performance.now()
    const answer = await fetch(`${server.origin}/api/v1${path}`, { method, headers, body: JSON.stringify(body) })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status}`)
    if (index >= warmUp) times.push(performance.now() - started)
  }
  return { times, cpu: (cpuOf(server.pid) - cpu) / count }
}

/** The three writes against one server, each request numbered from `from` (titles and ids vary). */
function requests(ids, from) {
  const some = (index) => ids[((from + index) * 7919) % ids.length]
  return {
    POST: (index) => ({ path: '/sessions', method: 'POST', body: { title: `New ${from + index}` } }),
    PATCH: (index) => ({
      path: `/sessions/${some(index)}`,
      method: 'PATCH',
      body: { title: `Renamed ${from + index}`, status: index % 2 ? 'mixing' : 'idea' },
    }),
    'PUT notes': (index) => ({
      path: `/sessions/${some(index)}/notes`,
      method: 'PUT',
      body: { notes: `notes ${from + index}` },
    }),
  }
}

const OPS = ['POST', 'PATCH', 'PUT notes']

/** All servers at one size, side by side: p50 and CPU per request of each write, rounds alternating. */
async function measureSize(size) {
  const names = Object.keys(servers)
  const running = {}
  for (const name of names) running[name] = await servers[name](size)
  try {
    const ids = {}
    for (const name of names) {
      const page = await (await fetch(`${running[name].origin}/api/v1/sessions?limit=500`, { headers })).json()
      ids[name] = page.data.map(({ id }) => id)
    }
    const samples = Object.fromEntries(
      names.map((name) => [name, Object.fromEntries(OPS.map((op) => [op, { times: [], cpu: [] }]))]),
    )
    for (let round = 0; round < ROUNDS; round++) {
      for (const op of OPS) {
        for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
          const result = await batch(
            running[name],
            requests(ids[name], round * 1_000)[op],
            REQUESTS,
            round === 0 ? WARM_UP : 0,
          )
          samples[name][op].times.push(...result.times)
          samples[name][op].cpu.push(result.cpu)
        }
      }
    }
    const result = {}
    for (const name of names) {
      result[name] = Object.fromEntries(OPS.map((op) => [op, median(samples[name][op].times)]))
      const line = OPS.map((op) => {
        const { times, cpu } = samples[name][op]
        return `${op} ${median(times).toFixed(2)} ms (CPU ${median(cpu).toFixed(2)} ms)`
      })
      console.log(`${size.toLocaleString('en').padStart(7)} sessions, ${name.padEnd(15)} ${line.join(', ')}`)
    }
    return result
  } finally {
    await Promise.all(names.map((name) => running[name].stop()))
  }
}

const results = {}
for (const size of SIZES) results[size] = await measureSize(size)
const inProcess = {}
for (const size of [SIZES[0], SIZES.at(-1)]) {
  inProcess[size] = await inProcessWrites(size, quick ? 300 : 2_000, quick ? 100 : 500)
  const line = Object.entries(inProcess[size]).map(([op, ms]) => `${op} ${ms.toFixed(3)} ms`)
  console.log(`${size.toLocaleString('en').padStart(7)} sessions, mock in process ${line.join(', ')}`)
}

const LARGEST = SIZES.at(-1)
rmSync(work, { recursive: true, force: true })

const sizeName = (size) => `${size.toLocaleString('en')} sessions`
const rows = []
for (const op of ['POST', 'PATCH', 'PUT notes']) {
  for (const size of SIZES) {
    const { plain, mock } = { plain: results[size].plain[op], mock: results[size].mock[op] }
    rows.push({
      benchmark: `store: ${op} p50, memory, ${sizeName(size)}`,
      baseline: plain,
      subject: mock,
      unit: 'ms',
      better: 'lower',
      target: '≤ 2× plain',
      met: mock <= 2 * plain,
    })
  }
  rows.push({
    benchmark: `store: ${op} p50, in process, ${sizeName(LARGEST)} against ${sizeName(SIZES[0])}`,
    baseline: inProcess[SIZES[0]][op],
    subject: inProcess[LARGEST][op],
    unit: 'ms',
    better: 'lower',
    target: '≤ 1.5×',
    met: inProcess[LARGEST][op] <= 1.5 * inProcess[SIZES[0]][op],
  })
  const [small, large] = [results[SIZES[0]].mock[op], results[LARGEST].mock[op]]
  rows.push({
    benchmark: `store: ${op} p50, memory, ${sizeName(LARGEST)} against ${sizeName(SIZES[0])}`,
    baseline: small,
    subject: large,
    unit: 'ms',
    better: 'lower',
    target: '≤ 1.5×',
    met: large <= 1.5 * small,
  })
  for (const size of SIZES) {
    const data = results[size]['mock --data'][op]
    const memory = results[size].mock[op]
    rows.push({
      benchmark: `store: ${op} p50, --data (baseline plain + journal), ${sizeName(size)}`,
      baseline: results[size]['plain + journal'][op],
      subject: data,
      unit: 'ms',
      better: 'lower',
      target: `≤ memory + 1.5 ms (${(memory + 1.5).toFixed(2)})`,
      met: data <= memory + 1.5,
    })
  }
}
emit(rows)
