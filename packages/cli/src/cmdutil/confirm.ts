import { escapeMessage } from '@session-library/internal'
import { lossQuestion } from '@session-library/schemas/client'
import type { Context } from './command.js'
import { CliError, EXIT } from './errors.js'
import type { Flag } from './flags.js'
import type { OperationCall } from './input.js'
import { interactive, readLine } from './iostreams.js'

export const YES_FLAG = {
  yes: { type: 'boolean', description: 'Do not ask before destroying data (a pipe never asks).' },
} as const satisfies Record<string, Flag>

/** What a command that may remove data says of it in its help. */
export const ASKS =
  'On a terminal it asks first when it would remove data the command line does not name, unless --yes.'

/**
 * Asks before a call removes data the command line did not name, by the contract's rule
 * (`lossQuestion`): on a terminal, unless `--yes`; a pipe or a script is never asked (it proceeds).
 * Anything but `y` or `yes` cancels the run (exit 2, nothing sent).
 */
export async function confirm(context: Context, call: Pick<OperationCall, 'name' | 'input'>): Promise<void> {
  const session = async (id: string) => (await context.client()).sessions.get(id)
  const question = await lossQuestion(call.name, call.input, { session })
  if (question === undefined || context.values.yes === true || !interactive(context.io)) return
  await ask(context.io, question, 'cancelled; nothing was changed')
}

/** Asks a yes/no question on stderr; anything but `y` or `yes` cancels the run (exit 2) with `cancelled`. */
export async function ask(io: Context['io'], question: string, cancelled: string): Promise<void> {
  io.stderr.write(`${escapeMessage(question)} [y/N] `)
  const answer = (await readLine(io.stdin)).trim().toLowerCase()
  if (answer !== 'y' && answer !== 'yes') throw new CliError(cancelled, EXIT.usage)
}
