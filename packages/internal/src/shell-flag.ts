/**
 * A flag as {@link parseFlags} reads it; a program adds its help and completion to it.
 *
 * @example
 * ```ts
 * import type { ShellFlag } from '@session-library/internal'
 * const port: ShellFlag = { type: 'string', value: '<n>' }
 * ```
 */
export interface ShellFlag {
  readonly type: 'string' | 'boolean'
  /** A list: the flag may be repeated and each value split on commas; its value is then an array. */
  readonly multiple?: boolean
  /** With `multiple`: each value kept whole, not split on commas (`-f title=a,b`). */
  readonly whole?: boolean
  /** One letter, for `-h`. */
  readonly short?: string
  /** Placeholder of the value in the help and in the error of a missing value, e.g. `<ms>`. */
  readonly value?: string
}

/**
 * The parsed values of a command line: flags by name, a list flag's values as an array.
 *
 * @example
 * ```ts
 * import type { FlagValues } from '@session-library/internal'
 * const values: FlagValues = { title: 'Night Drive', recent: true, tags: ['drums', 'vox'] }
 * ```
 */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>
