import type { FlagValues } from '@session-library/internal'
import type { SessionLibrary } from '@session-library/sdk'
import type { CliContext } from './cli-context.js'
import type { Connection } from './connection.js'
import type { Flag } from './flag.js'
import type { Output } from './output.js'

/**
 * A positional argument of a command.
 *
 * @example `const id: Positional = { name: 'id', description: 'The session identifier.' }`
 */
export interface Positional {
  readonly name: string
  readonly description: string
  /** Takes every remaining argument (at least one unless `optional`). */
  readonly variadic?: boolean
  readonly optional?: boolean
  /** Names a file (completion offers files). */
  readonly file?: boolean
  /** The values it takes, offered by completion. */
  readonly choices?: readonly string[]
  /** May be given as `''` (a text to set); any other positional given empty is a usage error. */
  readonly mayBeEmpty?: boolean
}

/**
 * What a command's `run` gets: its flags and positionals, the client, and where to write.
 *
 * @example `async run({ positionals, client, output }) { await output.data((await client()).health()) }`
 */
export interface Context {
  readonly values: FlagValues
  readonly positionals: readonly string[]
  /** The URL and token of the run: flags, then environment, then `auth login`'s file. */
  connection(): Promise<Connection>
  /** The SDK client, configured from the global flags, the environment and the login (loaded on first use). */
  client(): Promise<SessionLibrary>
  /** Data to stdout (table or JSON), messages to stderr. */
  readonly output: Output
  /** Every command of the program (for help and completion). */
  readonly commands: readonly Command[]
  /** The streams, environment and folders of the run. */
  readonly io: CliContext
}

/**
 * One command of `session-library`. The operation commands are made from the contract's endpoint
 * table; any other command is one module that exports a `Command` and is listed in `commands/index.ts`.
 *
 * @example
 * ```ts
 * export const hello: Command = {
 *   words: ['hello'],
 *   summary: 'Say hello',
 *   description: 'Prints the health status.',
 *   positionals: [],
 *   flags: () => ({}),
 *   async run({ client, output }) { await output.data(await (await client()).health()) },
 * }
 * ```
 */
export interface Command {
  /** The words that name it, e.g. `['sessions', 'list']`. */
  readonly words: readonly string[]
  /** One line, for the list of commands. */
  readonly summary: string
  /** A paragraph, for its `--help`. */
  readonly description: string
  readonly positionals: readonly Positional[]
  /** Its own flags; the global ones come on top. A function, so that derived flags are made only when needed. */
  flags(): Readonly<Record<string, Flag>>
  /** Command lines that show its use, each with what it does after `#`. */
  readonly examples?: readonly string[]
  /** Extra help sections (title → lines), e.g. the request it sends. */
  help?(): Readonly<Record<string, readonly string[]>>
  run(context: Context): Promise<void>
}
