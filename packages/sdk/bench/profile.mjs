// Where a call's CPU time goes: `node --cpu-prof bench/profile.mjs [sdk|ky] [list|id] [calls]`
// runs the calls against the plain server, then `node bench/profile.mjs --summary <file>.cpuprofile`
// sums self time by where the code lives (ky, undici, the SDK, the contract, zod, web streams,
// garbage collection), idle left out.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ky from 'ky'
import { SessionLibrary } from '../dist/index.js'

const PLACES = [
  ['garbage collection', (_url, name) => name === '(garbage collector)'],
  ['ky', (url) => url.includes('/ky/')],
  ['the SDK (JSON.parse of the answer included)', (url) => url.includes('/sdk/dist/')],
  ['zod', (url) => url.includes('/zod/')],
  ['the contract', (url) => url.includes('/schemas/')],
  ['web streams', (url) => url.includes('webstreams')],
  ['undici (fetch, Request, Response, Headers)', (url) => url.includes('undici') || url.includes('internal/deps')],
  ['abort signals, events, timers', (url) => /abort|event_target|timers/.test(url)],
  ['node (net, http parser, other)', (url) => url.startsWith('node:')],
  ['native (socket writes, microtasks)', (url) => url === ''],
  ['other', () => true],
]

function summary(file) {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'))
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const spent = new Map()
  samples.forEach((id, index) => {
    const { url, functionName } = byId.get(id).callFrame
    if (functionName === '(idle)' || functionName === '(program)') return
    const [place] = PLACES.find(([, test]) => test(url, functionName))
    spent.set(place, (spent.get(place) ?? 0) + timeDeltas[index])
  })
  const total = [...spent.values()].reduce((a, b) => a + b, 0)
  for (const [place, time] of [...spent].sort((a, b) => b[1] - a[1]))
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)} %  ${place}`)
}

if (process.argv[2] === '--summary') summary(process.argv[3])
else {
  const [who = 'sdk', what = 'id', calls = '5000'] = process.argv.slice(2)
  const child = spawn(process.execPath, [fileURLToPath(new URL('./plain-server.mjs', import.meta.url))])
  const [port] = await once(child.stdout, 'data')
  const baseUrl = `http://127.0.0.1:${String(port).trim()}/api/v1`
  const path = what === 'list' ? '/sessions?limit=50' : '/sessions/ses_1'
  const client = new SessionLibrary({ token: 't', baseUrl })
  const call =
    who === 'ky'
      ? () => ky.get(`${baseUrl}${path}`, { headers: { authorization: 'Bearer t' } }).json()
      : what === 'list'
        ? () => client.sessions.list({ limit: 50 })
        : () => client.sessions.get('ses_1')
  for (let index = 0; index < Number(calls); index++) await call()
  child.kill()
}
