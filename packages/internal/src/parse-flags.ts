import type { FlagValues, ShellFlag } from './shell-flag.js'
import { didYouMean } from './suggest.js'
import { UsageError } from './usage-error.js'

/**
 * A command line's flags by name and its positionals, as {@link parseFlags} reads them.
 *
 * @example
 * ```ts
 * import { type ParsedFlags, parseFlags } from '@session-library/internal'
 * const { values, positionals }: ParsedFlags = parseFlags(['ses_1', '--json'], { json: { type: 'boolean' } })
 * ```
 */
export interface ParsedFlags {
  readonly values: FlagValues
  readonly positionals: string[]
}

const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false }

function booleanOf(name: string, text: string, words: readonly string[]): boolean {
  const value = BOOLEANS[text.toLowerCase()]
  if (value === undefined) throw new UsageError(`--${name}: "${text}" is not true or false`, words)
  return value
}

// A list flag (`--tags a,b --tags c`) gathers its values, each split on commas unless kept whole.
function add(values: FlagValues, name: string, flag: ShellFlag, text: string): void {
  if (!flag.multiple) {
    values[name] = text
    return
  }
  const items = flag.whole ? [text] : text.split(',').filter((item) => item !== '')
  values[name] = [...((values[name] as string[] | undefined) ?? []), ...items]
}

function unknown(arg: string, flags: Readonly<Record<string, ShellFlag>>, words: readonly string[]): UsageError {
  const names = Object.keys(flags).map((name) => `--${name}`)
  return new UsageError(`unknown flag '${arg}'${didYouMean(arg.split('=')[0] as string, names)}`, words)
}

/**
 * Reads a command line as shells expect: `--x value` and `--x=value` (a value may begin with `-`:
 * `--sort -title`), booleans bare (`--recent`), negated (`--no-recent`) or given (`--recent=false`),
 * short flags (`-h`), a list flag repeated or comma-separated, `--` before positionals that begin
 * with `-`, and `-` alone as a positional (stdin). Unknown flags are usage errors naming the nearest.
 *
 * @example
 * ```ts
 * import { parseFlags } from '@session-library/internal'
 * const flags = { sort: { type: 'string' }, recent: { type: 'boolean' } } as const
 * parseFlags(['--sort', '-title', '--recent'], flags, ['sessions', 'list']).values // { sort: '-title', recent: true }
 * ```
 */
export function parseFlags(
  args: readonly string[],
  flags: Readonly<Record<string, ShellFlag>>,
  words: readonly string[] = [],
): ParsedFlags {
  const values: FlagValues = {}
  const positionals: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string
    if (arg === '--') {
      positionals.push(...args.slice(index + 1))
      break
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg)
      continue
    }
    const [head, given] = splitAssignment(arg)
    const name = head.startsWith('--') ? head.slice(2) : shortName(head, flags)
    const flag = name === undefined ? undefined : flags[name]
    if (!flag || name === undefined) {
      const negated = head.startsWith('--no-') ? head.slice(5) : undefined
      if (negated && flags[negated]?.type === 'boolean' && given === undefined) {
        values[negated] = false
        continue
      }
      throw unknown(arg, flags, words)
    }
    if (flag.type === 'boolean') {
      values[name] = given === undefined ? true : booleanOf(name, given, words)
      continue
    }
    const text = given ?? args[++index]
    if (text === undefined) throw new UsageError(`--${name} needs a value${flag.value ? ` ${flag.value}` : ''}`, words)
    add(values, name, flag, text)
  }
  return { values, positionals }
}

function splitAssignment(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=')
  return at === -1 || !arg.startsWith('--') ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)]
}

function shortName(arg: string, flags: Readonly<Record<string, ShellFlag>>): string | undefined {
  return Object.entries(flags).find(([, flag]) => flag.short !== undefined && `-${flag.short}` === arg)?.[0]
}
