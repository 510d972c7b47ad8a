import { setupServer } from 'msw/node'
import { createMockApi, type MockControls, type MockOptions } from '../../src/index.js'
import { expectDocumented } from './document-check.js'
import { http } from './http-transport.js'

/**
 * A running mock that a suite talks to, whatever carries the requests.
 *
 * @example
 * ```ts
 * const res = await harness.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A' } })
 * ```
 */
export interface Harness {
  api: MockControls
  /** The API's base URL, ending in /api/v1. */
  baseUrl: string
  /** Scheme, host and port, e.g. `http://mock.test`. */
  origin: string
  /**
   * Requests `path` (from the origin: `/api/v1/...`, `/__mock/...`). Adds `Authorization: Bearer
   * <api.token>` unless `token` is given (`null`: no header); `json` becomes the body.
   */
  fetch(path: string, init?: RequestInit & { token?: string | null; json?: unknown }): Promise<Response>
  stop(): Promise<void>
}

/**
 * A way to run the mock: in-process through MSW, or (appended by the standalone server's tests)
 * over real HTTP. Every suite runs once per transport.
 *
 * @example
 * ```ts
 * describe.each(transports)('$name', (transport) => { ... })
 * ```
 */
export interface Transport {
  name: string
  start(options: MockOptions): Promise<Harness>
}

/**
 * The `fetch` of a {@link Harness} for an origin and a token; shared by every transport. Every answer
 * from /api/v1 is checked against the OpenAPI document on the way.
 *
 * @example
 * ```ts
 * const fetchFrom = harnessFetch('http://127.0.0.1:4777', api.token)
 * ```
 */
export function harnessFetch(origin: string, token: string): Harness['fetch'] {
  return (path, init = {}) => {
    const { token: given = token, json, ...rest } = init
    const headers = new Headers(rest.headers)
    if (given !== null) headers.set('authorization', `Bearer ${given}`)
    if (json !== undefined) headers.set('content-type', 'application/json')
    const body = json === undefined ? rest.body : JSON.stringify(json)
    const answered = fetch(`${origin}${path}`, { ...rest, headers, body })
    return answered.then(async (response) => {
      await expectDocumented(rest.method ?? 'GET', path, response)
      return response
    })
  }
}

const IN_PROCESS_ORIGIN = 'http://mock.test'

/**
 * The in-process transport: MSW's `setupServer` with the mock's handlers, listening only between
 * `start` and `stop`, failing on any request the mock does not handle.
 *
 * @example
 * ```ts
 * const harness = await inProcess.start({ sessions: 3 })
 * ```
 */
export const inProcess: Transport = {
  name: 'in-process',
  async start(options) {
    const api = createMockApi({ baseUrl: IN_PROCESS_ORIGIN, ...options })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    await api.idle()
    return {
      api,
      origin: IN_PROCESS_ORIGIN,
      baseUrl: `${IN_PROCESS_ORIGIN}/api/v1`,
      fetch: harnessFetch(IN_PROCESS_ORIGIN, api.token),
      async stop() {
        api.dispose()
        server.close()
      },
    }
  },
}

/**
 * Every transport the suites run over. The standalone server's tests append theirs (real HTTP).
 *
 * @example
 * ```ts
 * transports.map((transport) => transport.name) // ['in-process', ...]
 * ```
 */
export const transports: Transport[] = [inProcess, http]
