// One server under test, in its own process:
//   node bench/serve.mjs <adapter|middleware> [--sessions <n>] [--now <iso>]
// Serves the demo library (24 sessions and the real clock unless told) and prints its origin on
// stdout once it listens. scripts/bench/ (`pnpm bench`) also serves the mock with it.
import { parseArgs } from 'node:util'
import { createMockApi } from '../dist/index.js'
import { startServer } from '../dist/node.js'

const TOKEN = 'bench-token'
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { sessions: { type: 'string' }, now: { type: 'string' } },
})
const transport = positionals[0]
const library = {
  ...(values.sessions !== undefined && { sessions: Number(values.sessions) }),
  ...(values.now !== undefined && { now: values.now }),
}

async function serveAdapter() {
  const server = await startServer({ port: 0, token: TOKEN, ...library })
  return server.origin
}

async function serveMiddleware() {
  const { createServer } = await import('@mswjs/http-middleware')
  const api = createMockApi({ token: TOKEN, ...library })
  const app = createServer(...api.handlers)
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  return `http://127.0.0.1:${server.address().port}`
}

const serve = { adapter: serveAdapter, middleware: serveMiddleware }[transport]
if (!serve) {
  process.stderr.write('usage: node bench/serve.mjs <adapter|middleware> [--sessions <n>] [--now <iso>]\n')
  process.exit(2)
}
process.stdout.write(`${await serve()}\n`)
process.on('SIGTERM', () => process.exit(0))
