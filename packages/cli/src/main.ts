import { didYouMean, escapeMessage, once, type ParsedFlags, parseFlags, UsageError } from '@session-library/internal'
import { tokenMask } from '@session-library/schemas/client'
import { commands } from './cmd/index.js'
import { type Command, checkSegment, findCommand, type Positional, PROGRAM } from './cmdutil/command.js'
import { connect, resolveConnection, tokenWays } from './cmdutil/connection.js'
import { contract, loadContract } from './cmdutil/contract.js'
import { CliError, EXIT } from './cmdutil/errors.js'
import { GLOBAL_FLAGS, type GlobalValues, joinBooleanValues } from './cmdutil/flags.js'
import { commandHelp, rootHelp } from './cmdutil/help.js'
import { type CliContext, colourFor, styles } from './cmdutil/iostreams.js'
import { checkFilter, filterOf } from './cmdutil/jq.js'
import { createOutput } from './cmdutil/output.js'
import { version } from './version.js'

// A command line with only global flags parses without the contract's main entry; any other flag,
// or --help, loads it (see contract.ts) and parses again with every flag.
async function parseLean(command: Command, args: string[]): Promise<ParsedFlags> {
  const parse = () => {
    const flags = { ...GLOBAL_FLAGS, ...command.flags?.() }
    return parseFlags(joinBooleanValues(args, flags, command.fields), flags, command.words)
  }
  if (!contract()) {
    try {
      const parsed = parse()
      if (!parsed.values.help) return parsed
    } catch {}
  }
  await loadContract()
  return parse()
}

// The declared positional an argument fills: the last one takes every argument past it when variadic.
const positionalAt = (declared: readonly Positional[], index: number) => declared[Math.min(index, declared.length - 1)]

function checkPositionals({ positionals: declared = [], words }: Command, positionals: readonly string[]): void {
  // A variadic positional counts once: it needs one value at least.
  const missing = declared.filter((positional) => !positional.optional)[positionals.length]
  if (missing) throw new UsageError(`missing <${missing.name}>`, words)
  const variadic = declared.some((positional) => positional.variadic)
  if (!variadic && positionals.length > declared.length) {
    throw new UsageError(`unexpected argument '${positionals[declared.length]}'`, words)
  }
  // An empty id would send another route (`/sessions/` for `/sessions/{id}`); an empty tag or path is
  // refused by the API anyway: none is sent.
  positionals.forEach((value, index) => {
    const { name, mayBeEmpty, segment } = positionalAt(declared, index) ?? {}
    if (value === '' && !mayBeEmpty) throw new UsageError(`<${name}> must not be empty`, words)
    if (segment) checkSegment(`<${name}>`, value, words)
  })
}

// The words of a command line (global flags may come anywhere, before the command too): each
// argument that is not a flag nor a global flag's value, with its index.
function wordsOf(argv: readonly string[]): { word: string; index: number }[] {
  const words: { word: string; index: number }[] = []
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string
    if (arg === '--') break
    if (!arg.startsWith('-') || arg === '-') words.push({ word: arg, index })
    else if (!arg.includes('=') && GLOBAL_FLAGS[arg.slice(2) as keyof typeof GLOBAL_FLAGS]?.type === 'string') index++
  }
  return words
}

// `session-library --limit 2 sessions list`: a command's flag before the command takes its value for
// a word; say where it belongs rather than call the value an unknown command.
function misplacedFlag(args: readonly string[], words: string[]): void {
  const first = args.indexOf(words[0] as string)
  const flag = args[first - 1]
  if (first < 1 || !flag?.startsWith('--') || flag.includes('=') || flag.slice(2) in GLOBAL_FLAGS) return
  const command = findCommand(commands, words.slice(1))?.command
  if (!command || !(flag.slice(2) in (command.flags?.() ?? {}))) return
  const name = command.words.join(' ')
  const line = [PROGRAM, ...command.words, flag, words[0]].join(' ')
  throw new UsageError(`${flag} is a flag of '${name}': put it after the command (${line})`, command.words)
}

async function noCommand(words: string[], args: readonly string[], print: Print): Promise<number> {
  if (words.length === 0 && args.includes('--version')) return print(version)
  await loadContract()
  const wantsHelp = args.includes('--help') || args.includes('-h')
  if (words.length === 0 && (args.length === 0 || wantsHelp)) return print(rootHelp(commands, []))
  const group = commands.some((command) => command.words.length > 1 && command.words[0] === words[0])
  // As `gh repo`: a group's word alone shows the group's commands.
  if (group && words.length === 1) return print(rootHelp(commands, words))
  if (words.length === 0) {
    parseFlags(args, GLOBAL_FLAGS)
    throw new UsageError(`no command: session-library <command> [flags]`)
  }
  misplacedFlag(args, words)
  const known = [...new Set(commands.flatMap((command) => [command.words.join(' '), command.words[0] as string]))]
  const typed = group ? words.slice(0, 2).join(' ') : (words[0] as string)
  throw new UsageError(`unknown command '${typed}'${didYouMean(typed, known)}`, group ? words.slice(0, 1) : [])
}

// What went wrong, in one line a script can read, and the exit code (EXIT). The SDK is loaded
// already when a request failed; imported here so that a run that sends none never loads it.
async function described(error: unknown): Promise<[string, number]> {
  if (error instanceof UsageError) return [error.message, EXIT.usage]
  if (error instanceof CliError) return [error.message, error.exitCode]
  const sdk = await import('@session-library/sdk')
  // The SDK's message names status, code, operation, method and path, and what to try.
  if (error instanceof sdk.ApiError)
    return [error.status === 401 ? `${error.message}. ${tokenWays()}.` : error.message, EXIT.api]
  if (error instanceof sdk.NetworkError || error instanceof sdk.TimeoutError) return [error.message, EXIT.network]
  if (error instanceof sdk.ResponseValidationError || error instanceof sdk.PaginationError)
    return [error.message, EXIT.invalid]
  return [`unexpected: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, EXIT.api]
}

type Print = (text: string) => number
// What the error report of a run needs from it once known: the mask of its token.
type Reporting = { mask?: (text: string) => string }

async function runCommand(command: Command, args: string[], io: CliContext, print: Print, reporting: Reporting) {
  const { values, positionals } = await parseLean(command, args)
  if (values.help) return print(commandHelp(command))
  checkPositionals(command, positionals)
  const global = values as GlobalValues
  const resolved = once(() => resolveConnection(global, io))
  // A broken login file fails the commands that connect, not `auth logout`, which removes it.
  const mask = tokenMask((await resolved().catch(() => undefined))?.token ?? [])
  reporting.mask = mask
  const fields = global.fields?.split(',').map((field) => field.trim())
  const filter = filterOf(global, command.words)
  const settings = {
    json: global.json === true || command.json === true,
    header: global.header === true,
    mask,
    ...(fields && { fields }),
    ...(filter && { filter }),
  }
  const output = createOutput(settings, io)
  const clientOf = once(async () => connect(global, await resolved(), output.message))
  try {
    if (filter) await checkFilter(filter)
    await command.run({ values, positionals, commands, output, io, connection: resolved, client: clientOf })
  } catch (error) {
    // A usage error found while running (a --fields name, a flag's value) points at the command's help.
    if (error instanceof UsageError && error.words.length === 0) throw new UsageError(error.message, command.words)
    throw error
  }
  return 0
}

async function dispatch(argv: readonly string[], io: CliContext, reporting: Reporting): Promise<number> {
  const print = (text: string) => {
    io.stdout.write(`${text}\n`)
    return 0
  }
  const words = wordsOf(argv)
  const typed = words.map(({ word }) => word)
  const found = findCommand(commands, typed)
  if (!found) return noCommand(typed, argv, print)
  // The command's words leave the line wherever they stand; the rest is its flags and arguments.
  const taken = new Set(words.slice(0, found.length).map(({ index }) => index))
  const rest = argv.filter((_, index) => !taken.has(index))
  return runCommand(found.command, rest, io, print, reporting)
}

/**
 * Runs one command line in the given context (streams, environment, folders) and resolves to the
 * exit code; nothing but data goes to stdout.
 */
export async function main(argv: readonly string[], io: CliContext): Promise<number> {
  const reporting: Reporting = {}
  try {
    return await dispatch(argv, io, reporting)
  } catch (error) {
    // The server's words escaped (no control character reaches the terminal), the token masked.
    const [message, code] = await described(error)
    const mask = reporting.mask ?? ((text: string) => text)
    io.stderr.write(`${styles(colourFor(io.stderr, io.env)).red('error:')} ${mask(escapeMessage(message))}\n`)
    if (error instanceof UsageError)
      io.stderr.write(`Run '${[PROGRAM, ...error.words, '--help'].join(' ')}' for usage.\n`)
    return code
  }
}
