// `session-library`, the API from the shell (packages/cli), against the standalone mock:
// - spawn to the first line of `session-library health --json`, against `node -e` printing a line
//   (the floor of starting Node), runs alternating, median;
// - `sessions list --all --json` over 100,000 sessions: the max RSS of the process (GNU time),
//   against the same command over 1,000 sessions (flat memory: a ratio near 1), the time to its
//   first line and to the last, every line counted.
//   node scripts/bench/shell.mjs [--quick]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { emit, median, NOW, quick, root, TOKEN } from './lib/common.mjs'

const RUNS = quick ? 3 : 9
const BIG = quick ? 20_000 : 100_000
const SMALL = 1_000
// The bin users run: it turns on Node's compile cache (the first run fills it).
const BIN = root('packages/cli/bin/session-library.js')
const GNU_TIME = '/usr/bin/time'

/** Starts the mock's CLI with `sessions` demo sessions; resolves to its base URL and a stop(). */
function startMock(sessions) {
  const args = ['--port', '0', '--token', TOKEN, '--sessions', `${sessions}`, '--now', NOW, '--quiet']
  const child = spawn(process.execPath, [root('packages/mock-server/dist/cli.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the mock exited with ${code}`)))
    child.stdout.setEncoding('utf8')
    child.stdout.once('data', (line) => {
      const url = /ready at (\S+)/.exec(line)?.[1]
      if (!url) return reject(new Error(`unexpected first line: ${line}`))
      child.removeAllListeners('exit')
      resolve({ url, stop: () => new Promise((done) => child.once('exit', done).kill('SIGTERM')) })
    })
  })
}

/**
 * Runs a command to its end: ms to its first stdout byte and to its exit, lines counted, and the max
 * RSS in kB when GNU time is there to measure it.
 */
function measure(args, env = {}) {
  const rssFile = join(tmpdir(), `shell-bench-rss-${process.pid}`)
  const timed = existsSync(GNU_TIME)
  const [command, argv] = timed
    ? [GNU_TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...args]]
    : [process.execPath, args]
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let first
    let lines = 0
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } })
    child.stdout.on('data', (chunk) => {
      first ??= performance.now() - started
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1
    })
    child.once('error', reject)
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited with ${code}`))
      const rss = timed ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1)) : undefined
      rmSync(rssFile, { force: true })
      resolve({ first, total: performance.now() - started, lines, rss })
    })
  })
}

const small = await startMock(SMALL)
const env = { SESSION_LIBRARY_URL: small.url, SESSION_LIBRARY_TOKEN: TOKEN }
const times = { bare: [], health: [] }
for (let run = 0; run < RUNS; run += 1) {
  times.bare.push((await measure(['-e', 'console.log("{}")'])).first)
  times.health.push((await measure([BIN, 'health', '--json'], env)).first)
}
const fixed = (values) => values.map((ms) => ms.toFixed(0)).join(', ')
console.log(`spawn to first line, ms: node -e ${fixed(times.bare)}; health --json ${fixed(times.health)}`)

const all = [BIN, 'sessions', 'list', '--all', '--json']
const few = await measure(all, env)
await small.stop()
const big = await startMock(BIG)
await measure([BIN, 'sessions', 'list', '--limit', '1', '--json'], { ...env, SESSION_LIBRARY_URL: big.url }) // the mock sorts once
const many = await measure(all, { ...env, SESSION_LIBRARY_URL: big.url })
await big.stop()
for (const [sessions, run] of [
  [SMALL, few],
  [BIG, many],
]) {
  console.log(
    `sessions list --all --json, ${sessions} sessions: ${run.lines} lines, first after ${run.first.toFixed(0)} ms, ` +
      `all in ${(run.total / 1000).toFixed(1)} s, max RSS ${run.rss === undefined ? 'n/a' : `${(run.rss / 1024).toFixed(0)} MB`}`,
  )
}
if (few.lines !== SMALL || many.lines !== BIG) throw new Error(`expected ${SMALL} and ${BIG} lines`)

const label = BIG.toLocaleString('en')
emit([
  {
    benchmark: 'shell: spawn to first line of `session-library health --json`, median',
    baseline: median(times.bare),
    subject: median(times.health),
    unit: 'ms',
    better: 'lower',
    target: '< 300 ms',
    met: median(times.health) < 300,
  },
  ...(many.rss === undefined
    ? []
    : [
        {
          benchmark: `shell: max RSS of \`sessions list --all --json\`, ${label} vs 1,000 sessions`,
          baseline: few.rss / 1024,
          subject: many.rss / 1024,
          unit: 'MB',
          better: 'lower',
          target: 'flat: ≤ 1.5× at 1,000',
          met: many.rss <= 1.5 * few.rss,
        },
      ]),
  {
    benchmark: `shell: \`sessions list --all --json\`, first line, ${label} sessions`,
    baseline: median(times.health),
    subject: many.first,
    unit: 'ms',
    better: 'lower',
  },
  {
    benchmark: `shell: \`sessions list --all --json\`, all ${label} lines`,
    subject: many.total / 1000,
    unit: 's',
    better: 'lower',
  },
])
