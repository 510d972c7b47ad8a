// The baseline server: plain node:http over the mock's demo library, the same records the mock
// serves. Per request it checks the token, then answers the list (filter/sort/slice, see
// plain-list.mjs) or a session by id (a Map), with JSON.stringify. Prints its origin when it listens.
// The records are kept in the default order (-lastOpened), as a store with a default order would
// keep them: the per-request sort still runs, and costs a linear pass for that order.
//   node scripts/bench/servers/plain.mjs --sessions 10000
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { demoLibrary } from '../../../packages/mock-server/dist/index.js'
import { NOW, SESSIONS, TOKEN } from '../lib/common.mjs'
import { plainListPage, plainOrder } from '../lib/plain-list.mjs'

const { values } = parseArgs({ options: { sessions: { type: 'string', default: `${SESSIONS}` } } })
const library = demoLibrary({ seed: 1, sessions: Number(values.sessions), now: new Date(NOW) })
const sessions = library.sessions.sort(plainOrder('-lastOpened'))
const byId = new Map(sessions.map(({ client: _client, ...session }) => [session.id, session]))
const LIST = '/api/v1/sessions'

function send(res, status, body) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

const server = createServer((req, res) => {
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(res, 401, { error: { status: 401 } })
  const url = new URL(req.url, 'http://127.0.0.1')
  if (url.pathname === LIST) return send(res, 200, plainListPage(sessions, url.searchParams))
  const session = url.pathname.startsWith(`${LIST}/`) && byId.get(url.pathname.slice(LIST.length + 1))
  if (session) return send(res, 200, { data: session })
  send(res, 404, { error: { status: 404 } })
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`))
process.on('SIGTERM', () => process.exit(0))
