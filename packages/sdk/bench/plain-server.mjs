// A plain `node:http` server answering like the API, with fixed bodies: a page of 50 sessions and
// one session. It costs the same for every client, so what differs is the client's own cost.
//   node plain-server.mjs   (prints its port on stdout)
import { createServer } from 'node:http'

const session = (index) => ({
  id: `ses_${index}`,
  title: `Session ${index}`,
  kind: 'ableton',
  status: 'idea',
  accent: '',
  tags: ['drums', 'vox'],
  notes: 'bridge needs work',
  lastOpened: '2026-11-21T10:00:00.000Z',
  projectPath: `/music/${index}.als`,
  projectOriginalPath: `/music/${index}.als`,
  previewStatus: 'ready',
  previewUrl: '',
  previewAudioUrl: '',
  previewAudioMime: '',
  preferredPreviewId: 'pv_1',
  previews: [{ id: 'pv_1', name: 'main', path: `/music/${index}.wav`, status: 'ready' }],
})
const page = JSON.stringify({
  data: Array.from({ length: 50 }, (_, index) => session(index)),
  meta: { total: 10_000, limit: 50, offset: 0 },
})
const one = JSON.stringify({ data: session(1) })

const server = createServer((request, response) => {
  const body = request.url.startsWith('/api/v1/sessions?') ? page : one
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  response.end(body)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
