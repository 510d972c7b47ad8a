import { parseArgs } from 'node:util'
import type { Command, FlagValues } from './command.js'
import { connect } from './connect.js'
import { contract, loadContract } from './contract.js'
import { UsageError } from './exit-codes.js'
import { GLOBAL_FLAGS, type GlobalValues } from './global-flags.js'
import { commandHelp, rootHelp } from './help.js'
import { createOutput } from './output.js'
import { commands, findCommand } from './registry.js'
import { report } from './report.js'

/** The version of the CLI, as `session-library --version` prints it. */
export const VERSION = '0.1.0'

type Parsed = { values: FlagValues; positionals: string[] }

function parse(command: Command, args: string[]): Parsed {
  try {
    return parseArgs({ args, options: { ...GLOBAL_FLAGS, ...command.flags() }, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message, command.words)
  }
}

// A command line with only global flags parses without the contract's main entry; any other flag,
// or --help, loads it (see contract.ts) and parses again with every flag.
async function parseLean(command: Command, args: string[]): Promise<Parsed> {
  if (!contract()) {
    try {
      const parsed = parse(command, args)
      if (!parsed.values.help) return parsed
    } catch {}
  }
  await loadContract()
  return parse(command, args)
}

function checkPositionals(command: Command, positionals: readonly string[]): void {
  // A variadic positional counts once: it needs one value at least.
  const missing = command.positionals.filter((positional) => !positional.optional)[positionals.length]
  if (missing) throw new UsageError(`missing <${missing.name}>`, command.words)
  const variadic = command.positionals.some((positional) => positional.variadic)
  if (!variadic && positionals.length > command.positionals.length) {
    throw new UsageError(`unexpected argument '${positionals[command.positionals.length]}'`, command.words)
  }
}

async function noCommand(words: string[], args: string[]): Promise<number> {
  if (words.length === 0 && args.includes('--version')) return print(VERSION)
  await loadContract()
  const wantsHelp = args.includes('--help') || args.includes('-h')
  if (words.length === 0 && (args.length === 0 || wantsHelp)) return print(rootHelp(commands, []))
  const group = commands.some((command) => command.words.length > 1 && command.words[0] === words[0])
  if (group && words.length === 1) {
    if (wantsHelp) return print(rootHelp(commands, words))
    throw new UsageError(`'${words[0]}' needs a command:\n${rootHelp(commands, words)}`, words)
  }
  if (words.length === 0)
    throw new UsageError(`the command comes first: session-library <command> [flags] (got '${args[0]}')`)
  throw new UsageError(`unknown command '${words.join(' ')}'`)
}

function print(text: string): number {
  process.stdout.write(`${text}\n`)
  return 0
}

async function dispatch(argv: string[]): Promise<number> {
  const firstFlag = argv.findIndex((arg) => arg.startsWith('-'))
  const words = argv.slice(0, firstFlag === -1 ? argv.length : firstFlag)
  const found = findCommand(commands, words)
  if (!found) return noCommand(words, argv)
  const { command, length } = found
  const { values, positionals } = await parseLean(command, argv.slice(length))
  if (values.help) return print(commandHelp(command))
  checkPositionals(command, positionals)
  const global = values as GlobalValues
  const fields = global.fields?.split(',').map((field) => field.trim())
  let client: ReturnType<typeof connect> | undefined
  await command.run({
    values,
    positionals,
    commands,
    output: createOutput({ json: global.json === true, ...(fields && { fields }) }),
    client: () => {
      client ??= connect(global)
      return client
    },
  })
  return 0
}

/**
 * Runs one command line and resolves to the exit code; nothing but data goes to stdout.
 *
 * @example `process.exitCode = await main(process.argv.slice(2))`
 */
export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv)
  } catch (error) {
    return report(error)
  }
}
