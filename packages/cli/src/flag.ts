import type { ShellFlag } from '@session-library/schemas/shell'

// What a command line's flags are: the leaf the commands and the global flags all read.

/**
 * A flag of a command, as `parseFlags` reads it, plus its help and completion.
 *
 * @example `const wait: Flag = { type: 'boolean', description: 'Wait until the import is done.' }`
 */
export interface Flag extends ShellFlag {
  /** One line for `--help`. */
  readonly description: string
  /** The values it takes, offered by completion (an enum of the contract). */
  readonly choices?: readonly string[]
  /** Its value may name a file (completion offers files; `@file` for a JSON value). */
  readonly file?: boolean
}
