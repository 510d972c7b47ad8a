// Per-call cost against a plain server in its own process: bare `fetch` + `JSON.parse`, ky 2 alone
// (`ky.get(url, { headers }).json()`, its defaults: 2 retries, 10 s timeout) and the SDK (validation
// on), for a list page of 50 and a session by id. Variants take turns in rounds; the figure is
// the median over the rounds of the calling process's CPU time per call (`process.cpuUsage`:
// user + system), which a machine shared with other jobs disturbs far less than wall time. Build first: `pnpm -C packages/sdk build`.
//   node bench/per-call.mjs [rounds] [calls]
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import ky from 'ky'
import { SessionLibrary } from '../dist/index.js'

const ROUNDS = Number(process.argv[2] ?? 7)
const CALLS = Number(process.argv[3] ?? 1_000)
const TOKEN = 'bench-token'

const child = spawn(process.execPath, [fileURLToPath(new URL('./plain-server.mjs', import.meta.url))])
const [port] = await once(child.stdout, 'data')
const baseUrl = `http://127.0.0.1:${String(port).trim()}/api/v1`
const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }
const client = new SessionLibrary({ token: TOKEN, baseUrl })

const operations = {
  'list page of 50': {
    path: '/sessions?limit=50',
    sdk: () => client.sessions.list({ limit: 50 }),
  },
  'by id': { path: '/sessions/ses_1', sdk: () => client.sessions.get('ses_1') },
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]

try {
  for (const [name, { path, sdk }] of Object.entries(operations)) {
    const url = `${baseUrl}${path}`
    const variants = {
      fetch: async () => JSON.parse(await (await fetch(url, { headers })).text()),
      ky: () => ky.get(url, { headers }).json(),
      sdk,
    }
    const times = { fetch: [], ky: [], sdk: [] }
    for (const call of Object.values(variants)) for (let warm = 0; warm < 200; warm++) await call()
    for (let round = 0; round < ROUNDS; round++) {
      for (const [variant, call] of Object.entries(variants)) {
        const started = process.cpuUsage()
        for (let index = 0; index < CALLS; index++) await call()
        const { user, system } = process.cpuUsage(started)
        times[variant].push((user + system) / CALLS)
      }
    }
    const [bare, kyAlone, ours] = [median(times.fetch), median(times.ky), median(times.sdk)]
    console.log(
      `${name}: fetch ${bare.toFixed(0)} µs, ky ${kyAlone.toFixed(0)} µs (${(kyAlone / bare).toFixed(2)}×), SDK ${ours.toFixed(0)} µs (${(ours / bare).toFixed(2)}× fetch, ${(ours / kyAlone).toFixed(2)}× ky)`,
    )
  }
} finally {
  child.kill()
}
