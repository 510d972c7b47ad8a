/**
 * Node-only entry: the main entry plus the standalone server.
 * @example
 * ```ts
 * import { startServer } from '@session-library/mock-server/node'
 * const server = await startServer({ port: 0 })
 * ```
 */

export * from './index.js'
export { readAudioFile } from './node/persistence/audio-file.js'
export { DataFileError } from './node/persistence/data-file.js'
export type { Compaction } from './node/persistence/data-store.js'
export { writeRecording } from './node/persistence/recording-file.js'
export { type RunningServer, type StartServerOptions, startServer } from './node/start-server.js'
export { createHostCheck } from './node/transport/host-check.js'
export {
  createRequestListener,
  type ExchangeSummary,
  type RequestListenerOptions,
} from './node/transport/http-adapter.js'
export type { ServerTimeouts } from './node/transport/http-server.js'
