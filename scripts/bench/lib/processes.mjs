// Servers and the load generator, each in its own process. On a machine with two or more cores
// the server is pinned to one core (the "server on one core") and the load generator to
// another, with taskset where it exists; elsewhere nothing is pinned.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { CONNECTIONS, NOW, root, SESSIONS } from './common.mjs'

const canPin = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0
const SERVER_CORE = availableParallelism() - 1
const LOAD_CORES = `0-${Math.max(0, availableParallelism() - 2)}`

/** Where processes run: the server's core and the load's cores, or 'unpinned'. */
export const pinning = canPin ? `server on core ${SERVER_CORE}, load on ${LOAD_CORES}` : 'unpinned'

function spawnPinned(cores, command, args, options) {
  return canPin ? spawn('taskset', ['-c', cores, command, ...args], options) : spawn(command, args, options)
}

/**
 * Starts `node <script> ...args` on the server core and resolves once it prints its origin
 * (its first stdout line).
 */
export function startServerProcess(script, args = []) {
  const child = spawnPinned(`${SERVER_CORE}`, process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const failed = (code) => reject(new Error(`${script} exited with ${code} before listening`))
    child.once('error', reject)
    child.once('exit', failed)
    child.stdout.setEncoding('utf8')
    let buffered = ''
    child.stdout.on('data', (chunk) => {
      buffered += chunk
      const line = buffered.split('\n')
      if (line.length < 2) return
      child.off('exit', failed)
      resolve({
        origin: line[0].trim(),
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            child.once('exit', done)
            child.kill('SIGTERM')
          }),
      })
    })
  })
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere.
 * A machine shared with other work changes wall-clock rates, not the CPU a request costs.
 */
export function cpuSeconds(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS
  } catch {
    return undefined
  }
}
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/**
 * Runs autocannon's CLI in its own process against `url` and resolves to its JSON result:
 * requests per second (mean), latency p50/p99 in ms, non-2xx and errors.
 */
export function autocannon(url, { seconds, headers = {} }) {
  const args = ['-c', `${CONNECTIONS}`, '-d', `${seconds}`, '--json', '--renderStatusCodes']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`)
  const child = spawnPinned(LOAD_CORES, root('node_modules/.bin/autocannon'), [...args, url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  child.stderr.resume()
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`))
      const result = JSON.parse(out)
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      })
    })
  })
}

/**
 * The standalone mock the server, sdk and dashboard benchmarks measure: SESSIONS demo sessions, clock
 * fixed at NOW; this checkout's, or another built checkout's (a before, for one run of both).
 */
export function startMockProcess(checkout = root('')) {
  return startServerProcess(join(checkout, 'packages/mock-server/bench/serve.mjs'), [
    'adapter',
    '--sessions',
    `${SESSIONS}`,
    '--now',
    NOW,
  ])
}
