// The MCP server's memory over Streamable HTTP against abandoned sessions: `session-library-mcp
// --http` started (pointed at a URL nothing answers: an initialize calls no API), its RSS at the ready
// line, after 10,000 clients each initialize a session and never come back, and once the idle
// timeout has closed them all. Run with the default cap (100 open sessions: the rest are refused
// 503) and with a cap that admits all 10,000. RSS from /proc, so Linux only.
//   node scripts/bench/mcp.mjs [--quick]
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { emit, quick, root } from './lib/common.mjs'

const SESSIONS = quick ? 2_000 : 10_000
const AT_ONCE = 50
const IDLE_MINUTES = 0.05
const SECRET = 'bench-mcp-secret-0123456789'
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'abandoned', version: '1' } },
})

const rssMb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)[1]) / 1024

function start(extra) {
  const args = [root('packages/mcp-server/bin/session-library-mcp.js'), '--url', 'http://127.0.0.1:9/api/v1']
  const child = spawn(
    process.execPath,
    [...args, '--http', '--port', '0', '--idle-minutes', String(IDLE_MINUTES), ...extra],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, SESSION_LIBRARY_TOKEN: 'bench-api-token-0123456789', SESSION_LIBRARY_MCP_TOKEN: SECRET },
    },
  )
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited with ${code} before its ready line`)))
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (line) => {
      const url = line.match(/ at (http:\/\/127\.0\.0\.1:\d+\/mcp) /)?.[1]
      if (url) resolve({ child, url })
    })
  })
}

// One initialize, its answer read to the end: a session the client then abandons.
const initialize = (url) =>
  new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Authorization: `Bearer ${SECRET}`,
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode))
      },
    )
    sent.on('error', reject)
    sent.end(INITIALIZE)
  })

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function measure(label, extra) {
  const { child, url } = await start(extra)
  await sleep(1_000)
  const before = rssMb(child.pid)
  const statuses = {}
  for (let sent = 0; sent < SESSIONS; sent += AT_ONCE)
    for (const status of await Promise.all(Array.from({ length: AT_ONCE }, () => initialize(url))))
      statuses[status] = (statuses[status] ?? 0) + 1
  const loaded = rssMb(child.pid)
  // The idle timeout, then time for the sessions' timers to fire and the collector to run.
  await sleep(IDLE_MINUTES * 60_000 + 10_000)
  const after = rssMb(child.pid)
  child.removeAllListeners('exit')
  child.kill('SIGTERM')
  const answered = Object.entries(statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ')
  console.log(
    `${label}: ${SESSIONS} initializes (${answered}); RSS ${before.toFixed(0)} MB at start, ${loaded.toFixed(0)} MB after them, ${after.toFixed(0)} MB after the idle timeout`,
  )
  return {
    benchmark: `mcp --http: RSS after ${SESSIONS} abandoned sessions expire (${label})`,
    baseline: before,
    subject: after,
    unit: 'MB',
    better: 'lower',
    target: '≤ start + 50 MB',
    met: after - before <= 50,
  }
}

emit([
  await measure('--max-sessions 100', []),
  await measure(`--max-sessions ${SESSIONS}`, ['--max-sessions', String(SESSIONS)]),
])
