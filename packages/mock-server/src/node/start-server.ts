import { API_PREFIX, type Departure } from '@session-library/schemas'
import { createMockApi } from '../index.js'
import type { LibrarySnapshot, MockApi, MockOptions } from '../types.js'
import { readAudioFile } from './audio-file.js'
import { createDataFileWriter, DataFileError, type DataFileWriter, loadDataFile } from './data-file.js'
import type { ExchangeSummary } from './http-adapter.js'
import { type ServerTimeouts, serveHandlers } from './http-server.js'
import { createProxyHandler } from './proxy/proxy-handler.js'
import { createStaticRoutes } from './static-routes.js'

/**
 * Options of {@link startServer}: the mock's own options plus the transport's (MOCK.md's flags).
 *
 * @example
 * ```ts
 * const options: StartServerOptions = { port: 0, token: 'secret', data: 'library.json', cors: ['http://localhost:5173'] }
 * ```
 */
export interface StartServerOptions extends MockOptions {
  /** Port; `0` picks a free one. Default 4777. */
  port?: number
  /** Address to bind. Default `127.0.0.1` (D18). */
  host?: string
  /** `Host` names accepted besides loopback ones (D18). */
  allowHosts?: string[]
  /** Origins allowed by CORS (D18). Default none: no CORS header at all. */
  cors?: string[]
  /**
   * A JSON file to load the library from and save every change to, atomically, before the answer
   * goes out. Created from the seeded library when missing; an existing one wins over `sessions`.
   * A file that cannot be used rejects with `DataFileError` and is left untouched.
   */
  data?: string
  /** Server time limits (D18), e.g. short ones in a test of slow clients. */
  timeouts?: ServerTimeouts
  /** Called after each request is answered (the CLI's request log). */
  onExchange?: (summary: ExchangeSummary) => void
  /**
   * Base URL of a server (the real application) to forward every `/api/v1` request to, answering
   * with its answer and checking both directions against the contract (`--proxy`).
   */
  proxy?: string
  /** Time the proxied server has to answer, in ms. Default 10,000; then 504. */
  proxyTimeout?: number
  /** Called with each departure of a proxied exchange from the contract (the CLI logs them). */
  onDeparture?: (departure: Departure) => void
}

/**
 * A running standalone mock (see {@link startServer}).
 *
 * @example
 * ```ts
 * const { url, api, close } = await startServer({ port: 0 })
 * ```
 */
export interface RunningServer {
  /** The API's base URL, ending in `/api/v1`. */
  url: string
  /** `http://host:port`, where `/openapi.json` and `/docs` live. */
  origin: string
  port: number
  /** The in-process controls of the same mock. */
  api: MockApi
  /** Lets the answers under way finish, stops the imports, saves the `data` file, then resolves. */
  close(): Promise<void>
}

function persisted(
  file: DataFileWriter,
  onChange: MockOptions['onChange'],
): (library: LibrarySnapshot) => Promise<void> {
  return async (library) => {
    await file.save(library)
    await onChange?.(library)
  }
}

async function createDataFile(path: string, file: DataFileWriter, library: LibrarySnapshot): Promise<void> {
  try {
    await file.save(library)
  } catch (error) {
    throw new DataFileError(path, `cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
}

/**
 * Starts the mock as an HTTP server: the MSW handlers of {@link createMockApi} behind the node:http
 * adapter, with `/openapi.json` and `/docs`, audio files read from disk for real peaks (D13), and
 * the library kept in a `data` file when one is given.
 *
 * @example
 * ```ts
 * import { startServer } from '@session-library/mock-server/node'
 * const server = await startServer({ port: 0, token: 'secret' })
 * const answer = await fetch(`${server.url}/health`, { headers: { Authorization: 'Bearer secret' } })
 * await server.close()
 * ```
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port, host, allowHosts, cors, data, timeouts, onExchange, proxy, proxyTimeout, onDeparture, ...mockOptions } =
    options
  const file = data === undefined ? undefined : createDataFileWriter(data)
  const library = data === undefined ? undefined : await loadDataFile(data)
  const api = createMockApi({
    readAudio: readAudioFile,
    ...mockOptions,
    ...(library && { library }),
    ...(file && { onChange: persisted(file, mockOptions.onChange) }),
  })
  let served: Awaited<ReturnType<typeof serveHandlers>>
  try {
    if (data !== undefined && file && !library) await createDataFile(data, file, api.snapshot())
    const proxied =
      proxy === undefined
        ? []
        : [
            createProxyHandler({
              url: proxy,
              timeout: proxyTimeout,
              record: api.recordAnswer,
              onDeparture,
              secrets: [api.token],
            }),
          ]
    served = await serveHandlers({
      handlers: [...proxied, ...api.handlers],
      routes: createStaticRoutes(),
      port,
      host,
      allowHosts,
      cors,
      timeouts,
      onExchange,
      onTransportAnswer: api.recordAnswer,
    })
  } catch (error) {
    api.dispose()
    throw error
  }
  return {
    url: `${served.origin}${API_PREFIX}`,
    origin: served.origin,
    port: served.port,
    api,
    async close() {
      await served.close()
      api.dispose()
      if (file) await file.save(api.snapshot())
    },
  }
}
