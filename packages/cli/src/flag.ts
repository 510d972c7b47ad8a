import type { ShellFlag } from '@session-library/internal'

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
  /**
   * A boolean that also takes its value as the next argument (`--recent false`), when that is
   * true, false, 1 or 0: a contract field whose text is a boolean, as its help describes it.
   */
  readonly spacedValue?: boolean
}

const BOOLEAN_WORDS = new Set(['true', 'false', '1', '0'])

/**
 * The command line with each `--flag value` of a {@link Flag.spacedValue} boolean joined into
 * `--flag=value`, so that the parser reads the value rather than a stray argument.
 *
 * @example `joinBooleanValues(['--recent', 'false'], flags) // ['--recent=false']`
 */
export function joinBooleanValues(args: readonly string[], flags: Readonly<Record<string, Flag>>): string[] {
  const joined: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string
    const next = args[index + 1]
    if (arg === '--') return [...joined, ...args.slice(index)]
    const spaced = arg.startsWith('--') && flags[arg.slice(2)]?.spacedValue === true
    if (spaced && next !== undefined && BOOLEAN_WORDS.has(next.toLowerCase())) {
      joined.push(`${arg}=${next}`)
      index++
    } else joined.push(arg)
  }
  return joined
}
