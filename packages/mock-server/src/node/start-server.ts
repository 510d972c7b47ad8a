import { API_PREFIX, type Departure } from '@session-library/schemas'
import type { MockControls } from '../mock-controls.js'
import { mockCoreFrom, startingLibrary } from '../mock-core.js'
import type { MockOptions } from '../mock-options.js'
import type { LibraryChange } from '../store/records.js'
import { createStaticRoutes } from './pages/static-routes.js'
import { readAudioFile } from './persistence/audio-file.js'
import { type Compaction, DataStore } from './persistence/data-store.js'
import { writeRecording } from './persistence/recording-file.js'
import { proxyStep } from './proxy/proxy-handler.js'
import type { ExchangeSummary } from './transport/http-adapter.js'
import { type ServerTimeouts, serveHandlers } from './transport/http-server.js'

/** Options of {@link startServer}: the mock's own options plus the transport's (MOCK.md's flags). */
export interface StartServerOptions extends MockOptions {
  /** Port; `0` picks a free one. Default 4777. */
  port?: number
  /** Address to bind. Default `127.0.0.1` (D18). */
  host?: string
  /** `Host` names accepted besides loopback ones. */
  allowHosts?: string[]
  /**
   * A JSON file to keep the library in (`--data`): every change is made durable in `<file>.log`
   * before its answer, folded into the file later (D19). Created from the seeded library when missing.
   * One that cannot be used rejects with `DataFileError`; a write that cannot be saved is a 503.
   */
  data?: string
  /** When the `data` file's change log is folded into it (defaults: idle 1 s, 8 MiB of log). */
  compaction?: Compaction
  /** Server time limits, e.g. short ones in a test of slow clients. */
  timeouts?: ServerTimeouts
  /** Called after each request is answered (the CLI's request log). */
  onExchange?: (summary: ExchangeSummary) => void
  /** Base URL of a server to forward every `/api/v1` request to, checking both directions (`--proxy`). */
  proxy?: string
  /** Time the proxied server has to answer, in ms. Default 10,000; then 504. */
  proxyTimeout?: number
  /** Largest answer of the proxied server read, in bytes (`--proxy-max-body`). Default 8 MiB; beyond, 502 (D20). */
  proxyMaxBody?: number
  /** Called with each departure of a proxied exchange from the contract. */
  onDeparture?: (departure: Departure) => void
  /** A file to write the recording of every request to when the server closes (`--record`). */
  record?: string
}

/** A running standalone mock (see {@link startServer}). */
export interface RunningServer {
  /** The API's base URL, ending in `/api/v1`. */
  url: string
  /** `http://host:port`, where `/openapi.json` and `/docs` live. */
  origin: string
  port: number
  api: MockControls
  /** Lets the answers under way finish, writes the `record` file, stops the imports, folds and unlocks the `data` file. */
  close(): Promise<void>
}

const warn = (message: string) => process.stderr.write(`${message}\n`)

/**
 * Starts the mock as an HTTP server (what the bin runs): the request path of {@link createMockApi}
 * without msw, `/openapi.json`, `/docs`, audio read from disk (D13) and the optional `data` file.
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
  // The transport's and the proxy's options go to the mock too, which ignores them.
  const { data, compaction, proxy, record, ...mockOptions } = options
  const opened = data === undefined ? undefined : await DataStore.open(data, compaction ?? {}, warn)
  const store = opened?.store
  const persisted = store && {
    onChanges: async (change: LibraryChange) => {
      await store.record(change)
      await mockOptions.onChanges?.(change)
    },
    importLog: store.imports,
  }
  const runtimeOptions = { readAudio: readAudioFile, baseUrl: '*', ...mockOptions, ...persisted }
  const { controls: api, live, entry } = mockCoreFrom(runtimeOptions, opened?.library ?? startingLibrary(mockOptions))
  store?.attach(live)
  const recorder = record === undefined ? undefined : api.record()
  for (const problem of opened?.lost ?? []) {
    warn(problem)
    live.reportError(problem)
  }
  live.resumeImports(opened?.imports ?? [])
  let served: Awaited<ReturnType<typeof serveHandlers>>
  try {
    if (store && !opened?.library) await live.exclusive(() => store.create())
    const proxied = proxy === undefined ? undefined : proxyStep({ ...options, proxy, secrets: [api.token] })
    served = await serveHandlers({ ...mockOptions, mock: entry, proxy: proxied, routes: createStaticRoutes() })
  } catch (error) {
    api.dispose()
    await store?.close().catch(() => undefined)
    throw error
  }
  return {
    url: `${served.origin}${API_PREFIX}`,
    origin: served.origin,
    port: served.port,
    api,
    async close() {
      await served.close()
      if (recorder && record) await writeRecording(record, recorder.recording())
      api.dispose()
      await store?.close()
    },
  }
}
