import type { Command } from './command.js'
import { extraCommands } from './commands/index.js'
import { CONVENIENCES } from './conveniences.js'
import { operationCommands } from './operation-commands.js'

/**
 * Every command: one per operation of the contract, then the others (`commands/index.ts`).
 *
 * @example `commands.map((command) => command.words.join(' '))`
 */
export const commands: readonly Command[] = [...operationCommands(CONVENIENCES), ...extraCommands]

/**
 * The command named by the longest run of leading words, and how many words it took.
 *
 * @example `findCommand(commands, ['sessions', 'get', 'ses_1'])?.command.summary // 'Read a session'`
 */
export function findCommand(
  all: readonly Command[],
  words: readonly string[],
): { command: Command; length: number } | undefined {
  let found: { command: Command; length: number } | undefined
  for (const command of all) {
    const { length } = command.words
    if (length <= words.length && command.words.every((word, index) => words[index] === word)) {
      if (!found || length > found.length) found = { command, length }
    }
  }
  return found
}
