// What a command line's flags are: the leaf the parser, the commands and the global flags all read.

/**
 * A flag of a command, as `parseFlags` reads it, plus its help and completion.
 *
 * @example `const wait: Flag = { type: 'boolean', description: 'Wait until the import is done.' }`
 */
export interface Flag {
  readonly type: 'string' | 'boolean'
  /** A list: the flag may be repeated and each value split on commas; its value is then an array. */
  readonly multiple?: boolean
  readonly short?: string
  /** Placeholder of the value in the help, e.g. `<ms>`. */
  readonly value?: string
  /** One line for `--help`. */
  readonly description: string
  /** The values it takes, offered by completion (an enum of the contract). */
  readonly choices?: readonly string[]
  /** Its value may name a file (completion offers files; `@file` for a JSON value). */
  readonly file?: boolean
}

/**
 * The parsed values of a command line: flags by name, a list flag's values as an array.
 *
 * @example `const values: FlagValues = { title: 'Night Drive', recent: true, tags: ['drums', 'vox'] }`
 */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>
