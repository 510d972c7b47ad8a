import { escapeControls } from '@session-library/internal'
import { type Command, type Context, findCommand } from '../../cmdutil/command.js'
import { loadContract } from '../../cmdutil/contract.js'
import type { Completion } from '../../cmdutil/flags.js'

/** The most a completion waits for the server, in ms: a Tab must not hang. */
export const COMPLETE_TIMEOUT = 1_500

// The most recently opened sessions: a menu, not the library.
const IDS = 100

async function valuesOf(kind: NonNullable<Completion['complete']>, context: Context): Promise<string[]> {
  const client = (await context.client()).withOptions({ timeout: COMPLETE_TIMEOUT, retry: 0 })
  const signal = AbortSignal.timeout(COMPLETE_TIMEOUT)
  if (kind === 'tags') return (await client.tagCounts({ signal })).map(({ tag }) => tag)
  const page = await client.sessions.list({ sort: '-lastOpened', limit: IDS }, { signal })
  return page.data.map(({ id }) => id)
}

// What the words typed so far ask for: the values of `--value-of`'s flag, else of the next positional.
function wanted(context: Context, typed: readonly string[]): Completion['complete'] {
  const found = findCommand(context.commands, typed)
  if (!found) return undefined
  const flag = context.values['value-of']
  if (typeof flag === 'string') return found.command.flags()[flag]?.complete
  const { positionals } = found.command
  const index = typed.length - found.length
  const last = positionals.at(-1)
  return (positionals[index] ?? (last?.variadic ? last : undefined))?.complete
}

/**
 * `__complete [--value-of <flag>] -- <words typed>`: what the completion scripts call for the values
 * only the server knows (session ids, tags), one a line, with the URL and token of the environment or
 * `auth login`. Bounded in time, and silent: a failure or no token completes nothing.
 */
export const complete: Command = {
  words: ['__complete'],
  hidden: true,
  summary: 'Values for shell completion from the server',
  description: 'Called by the completion scripts.',
  positionals: [{ name: 'word', variadic: true, optional: true, description: 'The command words typed so far.' }],
  flags: () => ({ 'value-of': { type: 'string', value: '<flag>', description: 'Complete the value of this flag.' } }),
  async run(context) {
    await loadContract()
    const kind = wanted(context, context.positionals.join(' ').split(' ').filter(Boolean))
    const found = kind ? await valuesOf(kind, context).catch(() => []) : []
    // A value a terminal would act on (an escape sequence from a hostile server) is left out.
    const values = found.filter((value) => value !== '' && escapeControls(value) === value && !value.includes(' '))
    if (values.length > 0) context.io.stdout.write(`${values.join('\n')}\n`)
  },
}
