// The least a server does before its ready line: node:http listening on a free port, printing its
// origin. The baseline of the standalone mock's start (cold.mjs).
import { createServer } from 'node:http'

const server = createServer((_, res) => res.end('{}'))
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`))
