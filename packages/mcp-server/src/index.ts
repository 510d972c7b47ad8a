export { allTools, createServer, type ServerOptions, selectTools, version } from './server.js'
export type { ToolContext, ToolSpec } from './tools.js'
