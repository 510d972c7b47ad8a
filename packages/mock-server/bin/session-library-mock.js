#!/usr/bin/env node
// The bin points here rather than into dist, so that `pnpm install` can link it before the build.
// Node keeps the compiled code of the modules a start loads (zod, msw, the mock) in its compile
// cache, so every start after the first skips compiling them; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import * as module from 'node:module'

module.enableCompileCache?.()
await import('../dist/cli.js')
