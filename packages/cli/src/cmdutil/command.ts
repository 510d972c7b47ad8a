import { type FlagValues, UsageError } from '@session-library/internal'
import { isDotSegment } from '@session-library/schemas/client'
import type { SessionLibrary } from '@session-library/sdk'
import type { Connection } from './connection.js'
import type { Completion, Flag, GlobalValues } from './flags.js'
import type { CliContext } from './iostreams.js'
import type { Output } from './output.js'

export const PROGRAM = 'session-library'

export interface Positional extends Completion {
  readonly name: string
  readonly description: string
  /** Takes every remaining argument (at least one unless `optional`). */
  readonly variadic?: boolean
  readonly optional?: boolean
  /** May be given as `''` (a text to set); any other positional given empty is a usage error. */
  readonly mayBeEmpty?: boolean
  /** Fills a segment of the request's path, so it cannot be `.` or `..` (see `isDotSegment`). */
  readonly segment?: boolean
}

/** Refuses `.` or `..` as the value of a path segment (a URL resolves it to another route): a usage error. */
export function checkSegment(name: string, value: string, words: readonly string[]): void {
  if (isDotSegment(value))
    throw new UsageError(`${name} cannot be '${value}': a path segment of . or .. names another route`, words)
}

export const ID: Positional = { name: 'id', description: 'The session identifier.', complete: 'ids', segment: true }

export interface Context {
  readonly values: FlagValues & GlobalValues
  readonly positionals: readonly string[]
  /** The URL and token of the run: flags, then environment, then `auth login`'s file. */
  connection(): Promise<Connection>
  /** The SDK client, configured from the global flags, the environment and the login (loaded on first use). */
  client(): Promise<SessionLibrary>
  readonly output: Output
  /** Every command of the program (for help and completion). */
  readonly commands: readonly Command[]
  readonly io: CliContext
}

/**
 * One command of `session-library`: generated from an operation of the contract (operation-command.ts),
 * or a module of its own under `cmd/` listed in `cmd/index.ts`.
 */
export interface Command {
  readonly words: readonly string[]
  /** Other words it answers to, kept out of help and completion (`tags put` for `tags replace`). */
  readonly aliases?: readonly (readonly string[])[]
  /** One line, for the list of commands. */
  readonly summary: string
  /** A paragraph, for its `--help`. */
  readonly description: string
  /** None when left out. */
  readonly positionals?: readonly Positional[]
  /** Prints JSON whether or not `--json` is given (`api`). */
  readonly json?: true
  /** The fields of what it prints, for `--json a,b`, help and completion (when the contract says). */
  readonly fields?: readonly string[]
  /** Left out of help and completion (`__complete`, which completion scripts call). */
  readonly hidden?: true
  /** Its own flags (none when left out), beside the global ones; a function: derived flags are made when needed. */
  flags?(): Readonly<Record<string, Flag>>
  /** Command lines that show its use, each with what it does after `#`. */
  readonly examples?: readonly string[]
  /** Extra help sections (title → lines), e.g. the request it sends. */
  help?(): Readonly<Record<string, readonly string[]>>
  run(context: Context): Promise<void>
}

type Found = { command: Command; length: number }

export function findCommand(all: readonly Command[], words: readonly string[]): Found | undefined {
  let found: Found | undefined
  for (const command of all)
    for (const own of [command.words, ...(command.aliases ?? [])]) {
      const { length } = own
      const matches = length <= words.length && own.every((word, index) => words[index] === word)
      if (matches && (!found || length > found.length)) found = { command, length }
    }
  return found
}
