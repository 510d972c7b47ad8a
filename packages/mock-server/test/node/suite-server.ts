import { afterAll, beforeAll } from 'vitest'
import { type RunningServer, type StartServerOptions, startServer } from '../../src/node.js'

/**
 * A standalone server on a free port for one test file: started before its tests, closed after
 * them. Call the returned function inside a test (`server().origin`).
 *
 * @example
 * ```ts
 * const server = useSuiteServer({ token: 't', sessions: 3 })
 * it('answers', async () => expect((await fetch(`${server().url}/health`)).status).toBe(401))
 * ```
 */
export function useSuiteServer(options: StartServerOptions): () => RunningServer {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, ...options })
  })
  afterAll(() => server?.close())
  return () => {
    if (!server) throw new Error('the suite server has not started')
    return server
  }
}
