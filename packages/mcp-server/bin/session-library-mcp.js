#!/usr/bin/env node
// The bin points here rather than into dist, as the CLI's and the mock's do. Node keeps the
// compiled code of the modules a start loads (the MCP SDK, the SDK, zod) in its compile cache, so
// every start after the first skips compiling them; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import * as module from 'node:module'

module.enableCompileCache?.()
await import('../dist/bin.js')
