import { usageColumns } from '@session-library/internal'
import { type Command, PROGRAM } from './command.js'
import { EXIT_MEANING } from './errors.js'
import { type Flag, GLOBAL_FLAGS } from './flags.js'

const EXIT_LINES = usageColumns(Object.entries(EXIT_MEANING))

const ENVIRONMENT_LINES = usageColumns([
  ['SESSION_LIBRARY_URL', "base URL with /api/v1 (--url wins; auth login's file comes after)"],
  ['SESSION_LIBRARY_TOKEN', "bearer token (--token wins; auth login's file comes after)"],
  ['XDG_CONFIG_HOME', 'where auth login keeps its file (default ~/.config)'],
  ['NO_COLOR', 'no colour even on a terminal'],
])

const OUTPUT_LINES = [
  'On a terminal: an aligned table. On a pipe: tab-separated rows, no padding, no header',
  "(--header adds it), so that `cut -f2` and `awk -F'\\t'` read them. --json: the data as JSON.",
  'Control characters in data are shown escaped (\\e, \\n, \\x9b); the token is never printed.',
]

function flagLines(flags: Readonly<Record<string, Flag>>): string[] {
  return usageColumns(
    Object.entries(flags).map(([name, flag]) => {
      const short = flag.short ? `-${flag.short}, ` : ''
      return [`${short}--${name}${flag.value ? ` ${flag.value}` : ''}`, flag.description]
    }),
  )
}

// A command's words and arguments, without the program's name.
export function usageOf(command: Command, flags = true): string {
  const positionals = (command.positionals ?? []).map(({ name, variadic, optional }) => {
    const text = `<${name}>${variadic ? '...' : ''}`
    return optional ? `[${text}]` : text
  })
  return [...command.words, ...positionals, ...(flags ? ['[flags]'] : [])].join(' ')
}

function section(title: string, lines: readonly string[]): string[] {
  return lines.length === 0 ? [] : ['', `${title}:`, ...lines]
}

const indent = (line: string) => `  ${line}`

/** The `--help` of one command, from its summary and description (the contract's, for an operation). */
export function commandHelp(command: Command): string {
  const extra = Object.entries(command.help?.() ?? {}).flatMap(([title, lines]) => section(title, lines.map(indent)))
  const examples = (command.examples ?? []).map((line) => indent(`$ ${line}`))
  const args = usageColumns((command.positionals ?? []).map(({ name, description }) => [`<${name}>`, description]))
  return [
    `${command.summary}.`,
    '',
    command.description,
    '',
    `Usage: ${PROGRAM} ${usageOf(command)}`,
    ...section('Arguments', args),
    ...section('Flags', flagLines(command.flags?.() ?? {})),
    ...section('JSON fields (--json a,b)', command.fields ? [indent(command.fields.join(', '))] : []),
    ...extra,
    ...section('Examples', examples),
    ...section('Global flags', flagLines(GLOBAL_FLAGS)),
    ...section('Exit codes', EXIT_LINES),
  ].join('\n')
}

/** The list of commands (all of them, or those under some words) with their summaries. */
export function rootHelp(commands: readonly Command[], words: readonly string[]): string {
  const under = commands.filter(
    (command) => !command.hidden && words.every((word, index) => command.words[index] === word),
  )
  const intro =
    words.length === 0
      ? [`${PROGRAM}: the Session Library automation API from the shell.`, '', `Usage: ${PROGRAM} <command> [flags]`]
      : [`Usage: ${PROGRAM} ${words.join(' ')} <command> [flags]`]
  const list = usageColumns(under.map((command) => [usageOf(command, false), command.summary]))
  return [
    ...intro,
    ...section('Commands', list),
    ...section('Global flags', flagLines(GLOBAL_FLAGS)),
    ...section('Environment', ENVIRONMENT_LINES),
    ...section('Output', OUTPUT_LINES.map(indent)),
    ...section('Exit codes', EXIT_LINES),
    '',
    `Run '${PROGRAM} <command> --help' for a command's flags.`,
  ].join('\n')
}
