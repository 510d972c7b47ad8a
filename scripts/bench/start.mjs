// The mock's start at 100,000 sessions, whole processes side by side in alternating rounds
// (medians): spawn to ready line, then the first list page (`GET /sessions?limit=50`, the default
// sort), and RSS at ready, of the mock seeded and from a `--data` file (sealed by the mock that
// wrote it, and the same bytes unsealed, checked whole), each against the plain server
// (servers/plain.mjs) over the same records (the demo library's generator alone, bundled once
// before the rounds, or the same file read with JSON.parse and no check), and json-server 1.0 beta
// fed the same records (installed once into a temporary directory with npm; left out when that
// fails). BENCH_MOCK_ROOT=<another checkout, built> adds that checkout's mock to the same rounds
// (rows "· before").
//   node scripts/bench/start.mjs [--quick]
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { emit, median, NOW, quick, root, TOKEN } from './lib/common.mjs'
import { demoGenerator } from './lib/demo-generator.mjs'
import { freePort, jsonServerBin, spawnServer } from './lib/store-processes.mjs'

const SESSIONS = 100_000
const ROUNDS = quick ? 1 : 5
const JSON_SERVER = '1.0.0-beta.15'
const work = mkdtempSync(join(tmpdir(), 'bench-start-'))
const library = join(work, 'library.json')
const plain = root('scripts/bench/servers/plain.mjs')
const before = process.env.BENCH_MOCK_ROOT && resolve(process.env.BENCH_MOCK_ROOT)
const mockOf =
  (cli) =>
  (...extra) => [cli, ...['--port', '0', '--token', TOKEN, '--quiet', '--now', NOW, ...extra]]
const mock = mockOf(root('packages/mock-server/bin/session-library-mock.js'))
const mockBefore = before && mockOf(join(before, 'packages/mock-server/bin/session-library-mock.js'))

// The --data file the mock writes itself from the seeded library, folded on its stop (and sealed:
// a start on the same bytes skips the check of each record).
await (await spawnServer(process.execPath, mock('--sessions', `${SESSIONS}`, '--data', library))).stop()
const libraryBefore = join(work, 'library-before.json')
copyFileSync(library, libraryBefore)
// The same bytes without their seal, as a hand-written or cloned file comes: checked whole.
const unsealed = join(work, 'library-unsealed.json')
copyFileSync(library, unsealed)
const generator = await demoGenerator()
const { demoLibrary } = await import(pathToFileURL(generator).href)
const database = join(work, 'db.json')
writeFileSync(
  database,
  JSON.stringify({ sessions: demoLibrary({ seed: 1, sessions: SESSIONS, now: new Date(NOW) }).sessions }),
)
const jsonServer = jsonServerBin(JSON_SERVER)
const servers = {
  plain: () => [plain, '--sessions', `${SESSIONS}`, '--generator', generator],
  mock: () => mock('--sessions', `${SESSIONS}`),
  'plain --data': () => [plain, '--data', library],
  'mock --data': () => mock('--data', library),
  'mock --data, unsealed': () => {
    rmSync(`${unsealed}.checked`, { force: true })
    return mock('--data', unsealed)
  },
  ...(mockBefore && {
    'mock · before': () => mockBefore('--sessions', `${SESSIONS}`),
    // Its own copy: a start may fold the file, and the two builds must not share one.
    'mock --data · before': () => mockBefore('--data', libraryBefore),
  }),
  ...(jsonServer && {
    'json-server': async () => [jsonServer, database, '--port', `${await freePort()}`, '--host', '127.0.0.1'],
  }),
}
const firstPage = { plain: '/api/v1/sessions?limit=50', 'json-server': '/sessions?_page=1&_per_page=50' }

/** One start: ms to the ready line, ms from then to the first list page, RSS at ready (MB). */
async function start(name) {
  const server = await spawnServer(process.execPath, await servers[name]())
  const asked = performance.now()
  const path = firstPage[name] ?? firstPage.plain
  const answer = await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })
  await answer.arrayBuffer()
  if (!answer.ok) throw new Error(`${name} ${path}: ${answer.status}`)
  const page = performance.now() - asked
  await server.stop()
  return { ready: server.ms, page, total: server.ms + page, rss: server.rss, cpu: server.cpu }
}

const runs = Object.fromEntries(Object.keys(servers).map((name) => [name, []]))
for (let round = 0; round < ROUNDS; round++) for (const name of Object.keys(servers)) runs[name].push(await start(name))
rmSync(work, { recursive: true, force: true })
const figures = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [
    name,
    Object.fromEntries(
      ['ready', 'page', 'total', 'rss', 'cpu'].map((key) => [key, median(list.map((run) => run[key]))]),
    ),
  ]),
)
for (const [name, { ready, page, rss, cpu }] of Object.entries(figures)) {
  const line = `ready ${ready.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms) + first page ${page.toFixed(0)} ms, RSS ${rss.toFixed(0)} MB`
  console.log(`${SESSIONS.toLocaleString('en')} sessions, ${name.padEnd(21)} ${line} (median of ${ROUNDS})`)
}

const rows = []
for (const [subject, baseline] of [
  ['mock', 'plain'],
  ...(mockBefore ? [['mock · before', 'plain']] : []),
  ['mock --data', 'plain --data'],
  ['mock --data, unsealed', 'plain --data'],
  ...(mockBefore ? [['mock --data · before', 'plain --data']] : []),
]) {
  const [ours, theirs] = [figures[subject], figures[baseline]]
  rows.push({
    benchmark: `start: ${subject}, 100,000 sessions, ready + first list page (baseline ${baseline})`,
    baseline: theirs.total,
    subject: ours.total,
    unit: 'ms',
    better: 'lower',
    ...(!subject.endsWith('· before') && { target: '≤ 1.0×', met: ours.total <= theirs.total }),
  })
  rows.push({
    benchmark: `start: ${subject}, 100,000 sessions, CPU to ready (baseline ${baseline})`,
    baseline: theirs.cpu,
    subject: ours.cpu,
    unit: 'ms',
    better: 'lower',
  })
  rows.push({
    benchmark: `start: ${subject}, 100,000 sessions, RSS at ready (baseline ${baseline})`,
    baseline: theirs.rss,
    subject: ours.rss,
    unit: 'MB',
    better: 'lower',
  })
  if (figures['json-server']) {
    rows.push({
      benchmark: `start: ${subject}, 100,000 sessions, ready + first list page (baseline json-server)`,
      baseline: figures['json-server'].total,
      subject: ours.total,
      unit: 'ms',
      better: 'lower',
    })
  }
}
emit(rows)
