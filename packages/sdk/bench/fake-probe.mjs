import ky from 'ky'
import { SessionLibrary } from '/work/wt/sdk/packages/sdk/dist/index.js'
const one = JSON.stringify({ data: { id: 'ses_1', title: 'S', kind: 'ableton', status: 'idea', accent: '', tags: [], notes: '', lastOpened: '2026-11-21T10:00:00.000Z', projectPath: '', projectOriginalPath: '', previewStatus: 'none', previewUrl: '', previewAudioUrl: '', previewAudioMime: '', preferredPreviewId: '', previews: [] } })
const fakeFetch = async () => new Response(one, { headers: { 'content-type': 'application/json' } })
globalThis.fetch = fakeFetch
const url = 'http://h.test/api/v1/sessions/ses_1'
const headers = { authorization: 'Bearer t', accept: 'application/json' }
const client = new SessionLibrary({ token: 't', baseUrl: 'http://h.test/api/v1' })
const plain = ky.create({})
const variants = {
  fetch: async () => JSON.parse(await (await fetch(new Request(url, { headers }))).text()),
  ky: () => ky.get(url, { headers }).json(),
  'ky retry 0': () => ky.get(url, { headers, retry: 0 }).json(),
  'ky retry 0 timeout false': () => ky.get(url, { headers, retry: 0, timeout: false }).json(),
  sdk: () => client.sessions.get('ses_1'),
}
const N = 3000
const res = {}
for (const c of Object.values(variants)) for (let i = 0; i < 500; i++) await c()
for (let r = 0; r < 7; r++) for (const [k, c] of Object.entries(variants)) {
  const s = process.cpuUsage(); for (let i = 0; i < N; i++) await c(); const u = process.cpuUsage(s); (res[k] ??= []).push((u.user + u.system) / N)
}
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(26), v.sort((a, b) => a - b)[3].toFixed(1), 'µs')
