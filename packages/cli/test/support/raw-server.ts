import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

/**
 * A server that answers as `handler` says, for what the mock never does (echo a token, repeat a
 * page, drip a body, put control characters in an error): one per test file, its base URL ending in
 * /api/v1.
 */
export function useRawServer(handler: (request: IncomingMessage, response: ServerResponse) => void): () => string {
  const server = createServer(handler)
  let url = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  })
  afterAll(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return () => url
}

/** Answers JSON with a status. */
export function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
