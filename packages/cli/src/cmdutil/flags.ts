import { type ShellFlag, UsageError } from '@session-library/internal'

/** What shell completion offers for a flag's value or a positional. */
export interface Completion {
  /** The values it takes (an enum of the contract). */
  readonly choices?: readonly string[]
  /** It names a file (`@file` for a flag's JSON value). */
  readonly file?: boolean
  /** Completion asks the server for these values (see `__complete`): session ids, tags, a session's variants. */
  readonly complete?: 'ids' | 'tags' | 'variants'
}

/** A flag of a command, as `parseFlags` reads it, plus its help and completion. */
export interface Flag extends ShellFlag, Completion {
  /** One line for `--help`. */
  readonly description: string
  /**
   * A boolean that also takes its value as the next argument (`--recent false`), when that is
   * true, false, 1 or 0: a contract field whose text is a boolean, as its help describes it.
   */
  readonly spacedValue?: boolean
}

const BOOLEAN_WORDS = new Set(['true', 'false', '1', '0'])

// A word after `--json` is its field list when it holds a comma or names a field the command prints.
const isFieldList = (word: string | undefined, known: readonly string[]) =>
  word !== undefined && /^[\w-]+(,[\w-]*)*$/.test(word) && (word.includes(',') || known.includes(word))

/**
 * The command line with each `--flag value` of a {@link Flag.spacedValue} boolean joined into
 * `--flag=value`, so that the parser reads the value rather than a stray argument; and gh's
 * `--json a,b` (or `--json=a,b`) read as `--json --fields a,b`.
 */
export function joinBooleanValues(
  args: readonly string[],
  flags: Record<string, Flag>,
  fields: readonly string[] = [],
) {
  const joined: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string
    const next = args[index + 1]
    if (arg === '--') return [...joined, ...args.slice(index)]
    const list = arg === '--json' && isFieldList(next, fields) ? next : undefined
    if (list !== undefined || arg.startsWith('--json=')) {
      joined.push('--json', `--fields=${list ?? arg.slice(7)}`)
      index += list === undefined ? 0 : 1
      continue
    }
    const spaced = arg.startsWith('--') && flags[arg.slice(2)]?.spacedValue === true
    if (spaced && next !== undefined && BOOLEAN_WORDS.has(next.toLowerCase())) {
      joined.push(`${arg}=${next}`)
      index++
    } else joined.push(arg)
  }
  return joined
}

/** The flags every command takes: where and how to connect (as the SDK's options) and how to print. */
export const GLOBAL_FLAGS = {
  url: {
    type: 'string',
    value: '<url>',
    description:
      "Base URL of the API, with /api/v1 (default $SESSION_LIBRARY_URL, then auth login's, then the mock's http://127.0.0.1:4777/api/v1).",
  },
  token: {
    type: 'string',
    value: '<token>',
    description: "Bearer token (default $SESSION_LIBRARY_TOKEN, then auth login's). Never printed.",
  },
  timeout: {
    type: 'string',
    value: '<ms>',
    description: 'Time each attempt has for the whole answer, in ms; 0 for none (default 10000).',
  },
  retries: { type: 'string', value: '<n>', description: 'Retries of reads and idempotent writes (default 2).' },
  json: {
    type: 'boolean',
    value: '[a,b]',
    description: "The answer's data as JSON (NDJSON for --all); only those fields.",
  },
  fields: {
    type: 'string',
    value: '<a,b>',
    description: 'Only these fields (columns of the table, keys of the JSON); an unknown name lists the valid ones.',
  },
  jq: { type: 'string', value: '<expr>', description: 'Filter the JSON with jq (built in); strings print raw.' },
  template: {
    type: 'string',
    value: '<text>',
    description: 'Each item as this text, {{ expr }} a jq expression on it.',
  },
  header: { type: 'boolean', description: 'Print the header line on a pipe too (a terminal always shows it).' },
  verbose: { type: 'boolean', description: 'Log each request and answer to stderr (the token redacted).' },
  help: { type: 'boolean', short: 'h', description: 'Show the help of the command.' },
} as const satisfies Record<string, Flag>

export type GlobalValues = {
  [Name in keyof typeof GLOBAL_FLAGS]?: (typeof GLOBAL_FLAGS)[Name]['type'] extends 'boolean' ? boolean : string
}

export function wholeNumber(value: unknown, flag: string, unit?: 'ms' | 's'): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new UsageError(`--${flag}: "${value}" is not a whole number${unit ? ` of ${unit}` : ''}`)
  return Number(value)
}
