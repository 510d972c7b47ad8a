export { createServer, type ServerOptions, selectTools, version } from './server.js'
export { allTools, type ToolContext, type ToolSpec } from './tools.js'
