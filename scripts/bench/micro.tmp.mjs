// Temporary: the SDK's own CPU per call, without a network: a fake fetch answers a fixed body.
import { SessionLibrary } from '../../packages/sdk/dist/index.js'
import { NOW, root, SESSIONS, TOKEN } from './lib/common.mjs'
import { startServerProcess } from './lib/processes.mjs'

const server = await startServerProcess(root('packages/mock-server/bench/serve.mjs'), [
  'adapter',
  '--sessions',
  `${SESSIONS}`,
  '--now',
  NOW,
])
const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }
const text = async (path) => (await fetch(`${server.origin}/api/v1${path}`, { headers })).text()
const listBody = await text('/sessions?limit=50')
const id = JSON.parse(listBody).data[0].id
const oneBody = await text(`/sessions/${id}`)
await server.stop()

const respond = (body) => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
const fakeFetch = async (request) => respond(request.url.includes('limit') ? listBody : oneBody)
const baseUrl = 'http://127.0.0.1:9/api/v1'
const v = new SessionLibrary({ token: TOKEN, baseUrl, validate: true, retry: 0, fetch: fakeFetch })
const u = new SessionLibrary({ token: TOKEN, baseUrl, validate: false, retry: 0, fetch: fakeFetch })
const bare = async (body) => JSON.parse(await (await fakeFetch({ url: body === listBody ? 'limit' : '' })).text())
const variants = {
  'list bare': () => bare(listBody),
  'list sdk': () => v.sessions.list({ limit: 50 }),
  'list sdk novalid': () => u.sessions.list({ limit: 50 }),
  'id bare': () => bare(oneBody),
  'id sdk': () => v.sessions.get(id),
  'id sdk novalid': () => u.sessions.get(id),
}
const N = Number(process.env.N ?? 3000)
if (process.env.ONLY) for (const k of Object.keys(variants)) if (k !== process.env.ONLY) delete variants[k]
const spent = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
for (const call of Object.values(variants)) for (let i = 0; i < 300; i++) await call()
for (let r = 0; r < 5; r++) {
  for (const [name, call] of Object.entries(variants)) {
    const c0 = process.cpuUsage()
    for (let i = 0; i < N; i++) await call()
    const c = process.cpuUsage(c0)
    spent[name].push((c.user + c.system) / N)
  }
}
for (const [name, s] of Object.entries(spent)) {
  s.sort((a, b) => a - b)
  console.log(`${name}: median ${s[2].toFixed(1)} µs CPU (min ${s[0].toFixed(1)})`)
}
