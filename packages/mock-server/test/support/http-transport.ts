import { startServer } from '../../src/node.js'
import { harnessFetch, type Transport } from './transports.js'

/**
 * The standalone transport: the same mock behind `startServer` on a free loopback port, so every
 * suite also runs over real HTTP through the node:http adapter.
 *
 * @example
 * ```ts
 * const harness = await http.start({ sessions: 3 })
 * await harness.fetch('/api/v1/health')
 * await harness.stop()
 * ```
 */
export const http: Transport = {
  name: 'http',
  async start(options) {
    const server = await startServer({ port: 0, ...options })
    await server.api.idle()
    return {
      api: server.api,
      origin: server.origin,
      baseUrl: server.url,
      fetch: harnessFetch(server.origin, server.api.token),
      stop: () => server.close(),
    }
  },
}
