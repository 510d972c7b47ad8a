export { createServer, type ServerOptions, selectTools } from './server.js'
export { allTools, type ToolContext, type ToolSpec } from './tools.js'
export { version } from './version.js'
