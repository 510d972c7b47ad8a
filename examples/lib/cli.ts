import { type ParseArgsConfig, parseArgs } from 'node:util'
import { explainFailure, UsageError } from './failures.js'
import { describeScript } from './usage.js'

const HELP = { help: { type: 'boolean', short: 'h' } } as const

type OptionsConfig = NonNullable<ParseArgsConfig['options']>

// What parseArgs returns for these options, plus --help, with positionals allowed.
type Command<Options extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ options: Options & typeof HELP; allowPositionals: true; strict: true }>
>

/**
 * Runs an example: parses its command line with `util.parseArgs` (plus `--help`), runs `main`, and
 * turns failures into a clear message and an exit code — 2 for a bad command line (with the usage),
 * 1 for anything else. The usage comes from the first line of the script itself.
 *
 * @example
 * ```ts
 * await runScript(import.meta.url, { limit: { type: 'string' } }, async ({ values }) => {
 *   console.log(values.limit)
 * })
 * ```
 */
export async function runScript<const Options extends OptionsConfig>(
  scriptUrl: string,
  options: Options,
  main: (command: Command<Options>) => Promise<void>,
): Promise<void> {
  const { usage, summary } = describeScript(scriptUrl)
  try {
    const command = parseArgs({
      options: { ...options, ...HELP },
      allowPositionals: true,
      strict: true,
    }) as Command<Options>
    if ((command.values as { help?: boolean }).help) {
      console.log(`${summary}\n${usage}`)
      return
    }
    await main(command)
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string } | undefined)?.code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${usage}`)
      process.exitCode = 2
      return
    }
    const explained = explainFailure(error)
    if (explained === undefined) throw error
    console.error(explained)
    process.exitCode = 1
  }
}

/**
 * Reads a whole number option, or its default when absent.
 *
 * @example
 * ```ts
 * const limit = wholeNumber(values.limit, '--limit', 20)
 * ```
 */
export function wholeNumber(value: string | undefined, flag: string, fallback: number, minimum = 1): number {
  if (value === undefined) return fallback
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < minimum) throw new UsageError(`${flag} must be a whole number ≥ ${minimum}`)
  return number
}
