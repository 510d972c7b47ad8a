#!/usr/bin/env node
// The bin points here rather than into dist, so that `pnpm install` can link it before the build.
// Node keeps the compiled code of the modules a run loads (the CLI and the chunks a command
// imports) in its compile cache, so every run after the first skips compiling them (about 13 ms of
// a `--help`); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import * as module from 'node:module'

module.enableCompileCache?.()
await import('../dist/bin.js')
