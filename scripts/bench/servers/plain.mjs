// The baseline server: plain node:http over the mock's demo library, the same records the mock
// serves (its generator alone, bundled by lib/demo-generator.mjs; --generator <file> names one
// already bundled, so that a measured start does not pay the bundling), as fast as a plain server
// can answer the same requests. Per request it checks the token, then answers the list (see
// plain-list.mjs), a session by id (a Map), or a write: create, patch, notes (the record changed in
// place, no validation). With --journal, each write first appends one line to that file and flushes
// it (fdatasync): the floor of a durable write. With --data, the sessions of that library file
// (JSON.parse, no check) instead of the demo library, and nothing of the mock is loaded. Prints its
// origin.
//   node scripts/bench/servers/plain.mjs --sessions 10000 [--generator <file>] [--journal <file>] [--data <file>]
import { closeSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { NOW, SESSIONS, TOKEN } from '../lib/common.mjs'
import { answered, createPlainList } from '../lib/plain-list.mjs'

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: `${SESSIONS}` },
    journal: { type: 'string' },
    data: { type: 'string' },
    generator: { type: 'string' },
  },
})

async function seeded() {
  const generator = values.generator ?? (await (await import('../lib/demo-generator.mjs')).demoGenerator())
  const { demoLibrary } = await import(pathToFileURL(generator).href)
  return demoLibrary({ seed: 1, sessions: Number(values.sessions), now: new Date(NOW) }).sessions
}

const sessions = values.data === undefined ? await seeded() : JSON.parse(readFileSync(values.data, 'utf8')).sessions
const byId = new Map(sessions.map((session) => [session.id, session]))
const list = createPlainList(sessions)
const journal = values.journal === undefined ? undefined : openSync(values.journal, 'a')
const LIST = '/api/v1/sessions'
let created = 0

function send(res, status, body) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function durable(change) {
  if (journal === undefined) return
  writeSync(journal, `${JSON.stringify(change)}\n`)
  fdatasyncSync(journal)
}

const writes = {
  create(body) {
    const record = {
      id: `ses_plain${++created}`,
      kind: 'other',
      status: 'idea',
      accent: '',
      tags: [],
      notes: '',
      lastOpened: new Date().toISOString(),
      projectPath: '',
      projectOriginalPath: '',
      previews: [],
      previewStatus: 'none',
      previewUrl: '',
      previewAudioUrl: '',
      previewAudioMime: '',
      preferredPreviewId: '',
      client: '',
      ...body,
    }
    durable(record)
    sessions.push(record)
    byId.set(record.id, record)
    list.changed()
    return [201, { data: answered(record) }]
  },
  patch(record, body) {
    durable({ id: record.id, ...body })
    Object.assign(record, body)
    list.changed(record)
    return [200, { data: answered(record) }]
  },
  notes(record, body) {
    durable({ id: record.id, notes: body.notes })
    record.notes = body.notes ?? ''
    list.changed(record)
    return [200, { data: { id: record.id, notes: record.notes } }]
  },
}

function route(method, path, body) {
  if (path === LIST && method === 'POST') return writes.create(body)
  const [id, sub] = path.slice(LIST.length + 1).split('/')
  const record = path.startsWith(`${LIST}/`) ? byId.get(id) : undefined
  if (!record) return [404, { error: { status: 404 } }]
  if (sub === undefined && method === 'GET') return [200, { data: answered(record) }]
  if (sub === undefined && method === 'PATCH') return writes.patch(record, body)
  if (sub === 'notes' && method === 'PUT') return writes.notes(record, body)
  return [404, { error: { status: 404 } }]
}

const server = createServer((req, res) => {
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(res, 401, { error: { status: 401 } })
  const url = new URL(req.url, 'http://127.0.0.1')
  if (req.method === 'GET' && url.pathname === LIST) return send(res, 200, list.page(url.searchParams))
  if (req.method === 'GET') return send(res, ...route(req.method, url.pathname))
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () =>
    send(res, ...route(req.method, url.pathname, JSON.parse(Buffer.concat(chunks).toString() || '{}'))),
  )
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`))
process.on('SIGTERM', () => {
  if (journal !== undefined) closeSync(journal)
  process.exit(0)
})
