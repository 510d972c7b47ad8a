// One server under test, in its own process: `node bench/serve.mjs <adapter|middleware>`.
// Serves the default demo library and prints its origin on stdout once it listens.
import { createMockApi } from '../dist/index.js'
import { startServer } from '../dist/node.js'

const TOKEN = 'bench-token'
const transport = process.argv[2]

async function serveAdapter() {
  const server = await startServer({ port: 0, token: TOKEN })
  return server.origin
}

async function serveMiddleware() {
  const { createServer } = await import('@mswjs/http-middleware')
  const api = createMockApi({ token: TOKEN })
  const app = createServer(...api.handlers)
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  return `http://127.0.0.1:${server.address().port}`
}

const serve = { adapter: serveAdapter, middleware: serveMiddleware }[transport]
if (!serve) {
  process.stderr.write('usage: node bench/serve.mjs <adapter|middleware>\n')
  process.exit(2)
}
process.stdout.write(`${await serve()}\n`)
process.on('SIGTERM', () => process.exit(0))
