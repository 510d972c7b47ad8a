#!/usr/bin/env node
// The bin points here rather than into dist, so that `pnpm install` can link it before the build.
import '../dist/cli.js'
