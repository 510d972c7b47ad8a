// Temporary: CPU time per call (this process only) for bare fetch+JSON.parse vs the SDK.
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
const N = Number(process.env.N ?? 1500)
try {
  const baseUrl = `${server.origin}/api/v1`
  const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }
  const bare = async (path) => JSON.parse(await (await fetch(`${baseUrl}${path}`, { headers })).text())
  const { data } = await bare(`/sessions?limit=1&offset=${SESSIONS / 2}`)
  const id = data[0].id
  const v = new SessionLibrary({ token: TOKEN, baseUrl, validate: true, retry: 0 })
  const u = new SessionLibrary({ token: TOKEN, baseUrl, validate: false, retry: 0 })
  const variants = {
    'list bare': () => bare('/sessions?limit=50'),
    'list sdk': () => v.sessions.list({ limit: 50 }),
    'list sdk novalid': () => u.sessions.list({ limit: 50 }),
    'id bare': () => bare(`/sessions/${id}`),
    'id sdk': () => v.sessions.get(id),
    'id sdk novalid': () => u.sessions.get(id),
  }
  const only = process.env.ONLY
  for (const [name, call] of Object.entries(variants)) {
    if (only && !name.startsWith(only)) continue
    for (let i = 0; i < 100; i++) await call()
    const samples = []
    for (let r = 0; r < 3; r++) {
      const c0 = process.cpuUsage()
      for (let i = 0; i < N / 3; i++) await call()
      const c = process.cpuUsage(c0)
      samples.push((c.user + c.system) / (N / 3))
    }
    samples.sort((a, b) => a - b)
    console.log(`${name}: ${samples.map((s) => s.toFixed(0)).join(' / ')} µs CPU per call`)
  }
} finally {
  await server.stop()
}
