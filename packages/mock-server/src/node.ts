/**
 * Node-only entry: everything of the main entry plus the standalone server.
 *
 * @example
 * ```ts
 * import { startServer } from '@session-library/mock-server/node'
 * const server = await startServer({ port: 0 })
 * ```
 */
export * from './index.js'
export { readAudioFile } from './node/audio-file.js'
export { DataFileError } from './node/data-file.js'
export type { Compaction } from './node/data-store.js'
export { createRequestListener, type ExchangeSummary, type RequestListenerOptions } from './node/http-adapter.js'
export type { ServerTimeouts } from './node/http-server.js'
export { type RunningServer, type StartServerOptions, startServer } from './node/start-server.js'
