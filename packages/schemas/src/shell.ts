// The shell entry, `@session-library/schemas/shell`: how the project's programs (the CLI and the
// mock's command line) read a command line, so that both parse it and fail on it alike. It has no
// schema: a program that imports it loads none of the contract.

export { type ParsedFlags, parseFlags } from './shell/parse-flags.js'
export type { FlagValues, ShellFlag } from './shell/shell-flag.js'
export { didYouMean, nearest } from './shell/suggest.js'
export { UsageError } from './shell/usage-error.js'
