import { createServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net'
import { afterEach } from 'vitest'

/** Plain `node:http` servers for one test file, closed after each test. */
export function usePlainServers() {
  const servers: Server[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
  })
  /** Starts a server with `handler`; resolves to its base URL (`http://127.0.0.1:port/api/v1`). */
  return async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler).listen(0, '127.0.0.1')
    servers.push(server)
    await new Promise((done) => server.once('listening', done))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  }
}

/** A port that was just free: a server is opened there and closed, so nothing listens on it. */
export async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

/** A TCP server that breaks each connection: `reset` at once (RST), or `drop` once the request arrives (no answer). */
export function useBrokenServers() {
  const servers: NetServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
  })
  return async function broken(how: 'reset' | 'drop'): Promise<{ baseUrl: string; connections: () => number }> {
    let connections = 0
    const server = createNetServer((socket) => {
      connections++
      if (how === 'reset') socket.resetAndDestroy()
      else socket.once('data', () => socket.destroy())
    }).listen(0, '127.0.0.1')
    servers.push(server)
    await new Promise((done) => server.once('listening', done))
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
      connections: () => connections,
    }
  }
}
