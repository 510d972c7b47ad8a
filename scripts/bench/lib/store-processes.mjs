// Processes of the store benchmark: spawning a server and reading its readiness, CPU time and
// RSS from /proc; json-server installed once into a temporary directory; a free port.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Spawns a server; resolves at its first stdout line holding a URL: origin, pid, ms to ready, stop. */
export function spawnServer(command, args) {
  const started = performance.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
  let err = ''
  child.stderr.on('data', (chunk) => {
    err += chunk
  })
  return new Promise((resolve, reject) => {
    const failed = (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${err}`))
    child.once('exit', failed)
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk) => {
      out += chunk
      const url = out.match(/http:\/\/[\w.:[\]]+/)
      if (!url || !out.includes('\n')) return
      const ms = performance.now() - started
      child.off('exit', failed)
      child.stdout.resume()
      resolve({
        origin: url[0],
        pid: child.pid,
        ms,
        rss: rssOf(child.pid),
        cpu: cpuOf(child.pid),
        stop: () => new Promise((done) => child.once('exit', done) && child.kill('SIGTERM')),
      })
    })
  })
}

/** CPU time (user + system) of a process so far, in ms. */
export function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

function rssOf(pid) {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)
  return kb ? Number(kb[1]) / 1024 : Number.NaN
}

/** json-server 1.0 beta in a temporary directory of its own, installed once; undefined when it cannot be. */
export function jsonServerBin(version) {
  const directory = join(tmpdir(), `session-library-bench-json-server-${version}`)
  const bin = join(directory, 'node_modules/json-server/lib/bin.js')
  if (existsSync(bin)) return bin
  mkdirSync(directory, { recursive: true })
  writeFileSync(join(directory, 'package.json'), '{"private":true}\n')
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', `json-server@${version}`], {
      cwd: directory,
      stdio: 'ignore',
    })
    return bin
  } catch {
    console.log(`json-server@${version} could not be installed (npm): its rows are left out`)
    return undefined
  }
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}
