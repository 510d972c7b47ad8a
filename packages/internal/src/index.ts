// What the CLI, the mock's command line and the SDK share that is no part of the API's contract.
// Each package that imports it bundles it (tsup's noExternal), so no published package names it.

export { BodyReadStopped, type BoundedRead, type ByteSource, readBounded, readBoundedText } from './bounded-body.js'
export { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP } from './json-depth.js'
export { once } from './once.js'
export { type ParsedFlags, parseFlags } from './parse-flags.js'
export type { FlagValues, ShellFlag } from './shell-flag.js'
export { didYouMean, nearest } from './suggest.js'
export { escapeControls, escapeMessage, jsonLine } from './terminal-text.js'
export { usageColumns } from './usage-columns.js'
export { UsageError } from './usage-error.js'
