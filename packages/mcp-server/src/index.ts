export { allTools, createServer, type ServerOptions, selectTools } from './server.js'
export type { ToolContext, ToolSpec } from './tools.js'
export { version } from './version.js'
