// Requests per second on GET /api/v1/sessions (default demo library, first page of 50):
// this package's node:http adapter against @mswjs/http-middleware 0.10, each server in its own
// process, the load from this one over loopback with keep-alive connections.
//
//   pnpm --filter @session-library/mock-server build
//   node packages/mock-server/bench/compare.mjs [--seconds 5] [--connections 16] [--rounds 2]
//
// Bounded: each round runs `seconds` (after one second of warm-up) or `maxRequests`, whichever ends first.
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '2' },
    maxRequests: { type: 'string', default: '500000' },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const rounds = Number(values.rounds)
const maxRequests = Number(values.maxRequests)
const PATH = '/api/v1/sessions'
const HEADERS = { Authorization: 'Bearer bench-token' }

function startServer(transport) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url)), transport], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${transport} server exited with ${code}`)))
    child.stdout.setEncoding('utf8')
    child.stdout.once('data', (line) => resolve({ origin: line.trim(), stop: () => child.kill('SIGTERM') }))
  })
}

function get(agent, url) {
  return new Promise((resolve) => {
    const outgoing = request(url, { agent, headers: HEADERS }, (incoming) => {
      incoming.resume()
      incoming.once('end', () => resolve(incoming.statusCode === 200))
    })
    outgoing.once('error', () => resolve(false))
    outgoing.end()
  })
}

async function load(origin, ms) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const url = `${origin}${PATH}`
  const deadline = performance.now() + ms
  const latencies = []
  let errors = 0
  const loop = async () => {
    while (performance.now() < deadline && latencies.length + errors < maxRequests) {
      const started = performance.now()
      if (await get(agent, url)) latencies.push(performance.now() - started)
      else errors += 1
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, loop))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), ok: latencies.length, errors }
}

async function measure(transport) {
  const server = await startServer(transport)
  try {
    await load(server.origin, 1_000)
    return await load(server.origin, seconds * 1_000)
  } finally {
    server.stop()
  }
}

const results = { adapter: [], middleware: [] }
for (let round = 0; round < rounds; round += 1) {
  for (const transport of Object.keys(results)) results[transport].push(await measure(transport))
}

const fixed = (n) => n.toFixed(1)
console.log(
  `GET ${PATH} · ${connections} connections · ${seconds}s a round · ${rounds} rounds · Node ${process.version} · ${cpus().length} cores`,
)
for (const [transport, runs] of Object.entries(results)) {
  for (const run of runs) {
    console.log(
      `${transport.padEnd(10)} ${fixed(run.rps).padStart(8)} req/s  p50 ${fixed(run.p50)} ms  p99 ${fixed(run.p99)} ms  ok ${run.ok}  errors ${run.errors}`,
    )
  }
}
