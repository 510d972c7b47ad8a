import { createServer } from 'node:net'
import { SessionLibrary } from '@session-library/sdk'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { expect, it } from 'vitest'

const closedPort = async () => {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}

it('a refused connection is the SDK’s NetworkError with its causeCode, retried, and safe() settles', async () => {
  let attempts = 0
  const client = new SessionLibrary({
    token: 't',
    baseUrl: `http://127.0.0.1:${await closedPort()}/api/v1`,
    retry: { limit: 2, baseDelay: 1 },
    hooks: { beforeRetry: [() => attempts++] },
  })
  const { error } = await client.health().safe()
  expect(error).toMatchObject({ name: 'NetworkError', code: 'network_error', causeCode: 'ECONNREFUSED' })
  expect(attempts).toBe(2)
  // This file's realm is not fetch's: what makes `instanceof TypeError` miss.
  expect((error?.cause as object) instanceof TypeError).toBe(false)
})

it('an msw network fault is the SDK’s NetworkError, and safe() settles', async () => {
  const server = setupServer(http.get('http://vm.test/api/v1/health', () => HttpResponse.error()))
  server.listen({ onUnhandledFrame: 'error' })
  try {
    const client = new SessionLibrary({ token: 't', baseUrl: 'http://vm.test/api/v1', retry: false })
    const { error } = await client.health().safe()
    expect(error).toMatchObject({ name: 'NetworkError', code: 'network_error' })
  } finally {
    server.close()
  }
})
