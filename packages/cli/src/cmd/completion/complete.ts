import { escapeControls } from '@session-library/internal'
import { type Command, type Context, findCommand } from '../../cmdutil/command.js'
import { loadContract } from '../../cmdutil/contract.js'
import type { Completion } from '../../cmdutil/flags.js'

/** The most a completion waits for the server, in ms: a Tab must not hang. */
export const COMPLETE_TIMEOUT = 1_500

// The most recently opened sessions: a menu, not the library.
const IDS = 100

// `id` is the session the words typed name (a preview variant is one session's).
async function valuesOf(kind: NonNullable<Completion['complete']>, id: string, context: Context): Promise<string[]> {
  const client = (await context.client()).withOptions({ timeout: COMPLETE_TIMEOUT, retry: 0 })
  const signal = AbortSignal.timeout(COMPLETE_TIMEOUT)
  if (kind === 'tags') return (await client.tagCounts({ signal })).map(({ tag }) => tag)
  if (kind === 'variants') return (await client.sessions.get(id, { signal })).previews.map((preview) => preview.id)
  const page = await client.sessions.list({ sort: '-lastOpened', limit: IDS }, { signal })
  return page.data.map(({ id }) => id)
}

// What the words typed so far ask for: the values of `--value-of`'s flag, else of the next positional;
// and the first word after the command's (the session's id, where it takes one).
function wanted(context: Context, typed: readonly string[]): [Completion['complete'], string] {
  const found = findCommand(context.commands, typed)
  if (!found) return [undefined, '']
  const id = typed[found.length] ?? ''
  const flag = context.values['value-of']
  if (typeof flag === 'string') return [found.command.flags?.()[flag]?.complete, id]
  const { positionals = [] } = found.command
  const last = positionals.at(-1)
  return [(positionals[typed.length - found.length] ?? (last?.variadic ? last : undefined))?.complete, id]
}

/**
 * `__complete [--value-of <flag>] -- <words typed>`: what the completion scripts call for the values
 * only the server knows (session ids, tags, a session's preview variants), one a line, with the URL and token of the environment or
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
    const [kind, id] = wanted(context, context.positionals.join(' ').split(' ').filter(Boolean))
    const found = kind ? await valuesOf(kind, id, context).catch(() => []) : []
    // A value a terminal would act on (an escape sequence from a hostile server) is left out.
    const values = found.filter((value) => value !== '' && escapeControls(value) === value && !value.includes(' '))
    if (values.length > 0) context.io.stdout.write(`${values.join('\n')}\n`)
  },
}
