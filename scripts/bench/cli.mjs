// The CLI's time from start to its ready line (default options: 24 demo sessions, port 0),
// against a bare `node -e` node:http server that prints a line once it listens: the floor of
// starting Node and listening. Runs alternate; the figure is the median.
//   node scripts/bench/cli.mjs [--quick]
import { spawn } from 'node:child_process'
import { emit, median, quick, root } from './lib/common.mjs'

const RUNS = quick ? 3 : 7
const BARE = `require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1', function () {
  process.stdout.write('ready at ' + this.address().port + '\\n')
})`
const commands = {
  bare: ['-e', BARE],
  cli: [root('packages/mock-server/bin/session-library-mock.js'), '--port', '0', '--token', 'bench-token', '--quiet'],
}

/** Milliseconds from spawning the process to the first line on its stdout. */
function timeToReady(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`exited with ${code} before its ready line`)))
    child.stdout.setEncoding('utf8')
    child.stdout.once('data', (line) => {
      const ms = performance.now() - started
      if (!/ready/.test(line)) reject(new Error(`unexpected first line: ${line}`))
      child.removeAllListeners('exit')
      child.once('exit', () => resolve(ms))
      child.kill('SIGTERM')
    })
  })
}

const times = { bare: [], cli: [] }
for (let run = 0; run < RUNS; run += 1) {
  for (const [name, args] of Object.entries(commands)) times[name].push(await timeToReady(args))
}
const fixed = (values) => values.map((ms) => ms.toFixed(0)).join(', ')
console.log(`start to ready line, ms: bare node:http ${fixed(times.bare)}; CLI ${fixed(times.cli)}`)
emit([
  {
    benchmark: 'cli: start to ready line, median',
    baseline: median(times.bare),
    subject: median(times.cli),
    unit: 'ms',
    better: 'lower',
    target: '< 400 ms',
    met: median(times.cli) < 400,
  },
])
