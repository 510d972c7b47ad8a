import { escapeMessage } from '@session-library/internal'
import type { Context } from './command.js'
import { CliError, EXIT } from './exit-codes.js'
import type { Flag } from './flag.js'
import { interactive, readLine } from './terminal.js'

/**
 * The flag of a destructive command that skips its question.
 *
 * @example `flags: () => ({ ...YES_FLAG })`
 */
export const YES_FLAG = {
  yes: { type: 'boolean', description: 'Do not ask before destroying data (a pipe never asks).' },
} as const satisfies Record<string, Flag>

/**
 * Asks a destructive command's question on a terminal, unless `--yes`; a pipe or a script is never
 * asked (it proceeds, as before). Anything but `y` or `yes` cancels the run (exit 2, nothing sent).
 *
 * @example `await confirm(context, 'Delete session ses_1?')`
 */
export async function confirm(context: Pick<Context, 'values' | 'io'>, question: string | undefined): Promise<void> {
  if (question === undefined || context.values.yes === true || !interactive(context.io)) return
  context.io.stderr.write(`${escapeMessage(question)} [y/N] `)
  const answer = (await readLine(context.io.stdin)).trim().toLowerCase()
  if (answer !== 'y' && answer !== 'yes') throw new CliError('cancelled; nothing was changed', EXIT.usage)
}
