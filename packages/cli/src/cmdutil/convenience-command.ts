import { UsageError } from '@session-library/internal'
import { nameIn, type Usage } from '@session-library/schemas/client'
import { type Command, ID, type Positional, PROGRAM } from './command.js'
import { ASKS, confirm, YES_FLAG } from './confirm.js'
import { contract, loadContract } from './contract.js'
import { checkRequest } from './input.js'

/**
 * The command of a convenience the contract declares beside an operation (`tags add` over
 * `tags.put`): its words by the contract's rule, its text from the declaration, and a run that calls
 * the SDK's one implementation of it; it asks first when the body it sends would remove data.
 */
export function convenienceCommand(usage: Usage): Command {
  const { convenience, route, group, verb } = usage
  if (!convenience || convenience.takes.includes('body'))
    throw new TypeError(`${group}.${verb}: a command takes an id and a field's values`)
  const words = nameIn(usage, 'cli')
  const field = convenience.takes.find((take) => take.startsWith('body.'))?.slice('body.'.length)
  const values: Positional[] = (field ? [field] : []).map((name) => ({
    name: name.replace(/s$/, ''),
    variadic: true,
    description: `The ${name} to ${verb}.`,
    ...(name === 'tags' && { complete: 'tags' as const }),
  }))
  const asks = convenience.sends !== undefined
  return {
    words,
    get summary() {
      return contract()?.textOf(usage).summary ?? words.join(' ')
    },
    get description() {
      return [contract()?.textOf(usage).description, asks && ASKS].filter(Boolean).join(' ')
    },
    positionals: [ID, ...values],
    flags: () => (asks ? YES_FLAG : {}),
    examples: [[PROGRAM, ...words, 'ses_1', ...(field ? ['drums', 'vox'] : [])].join(' ')],
    async run(context) {
      const [id = '', ...given] = context.positionals
      // The values as typed, checked before the SDK merges them: a problem names the argument, not
      // an index into the merged list.
      if (field && (await loadContract())) {
        try {
          checkRequest(route.name, { params: { id }, body: { [field]: given } }, words)
        } catch (error) {
          const at = new RegExp(`\\b${field}\\[(\\d+)\\]`, 'g')
          const said = (error as Error).message.replace(at, (_, index) => `<${values[0]?.name}> '${given[index]}'`)
          throw new UsageError(said, words)
        }
      }
      if (asks) await confirm(context, { name: route.name, input: { params: { id }, body: convenience.sends } })
      const client = await context.client()
      const methods = client[group as 'tags'] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
      const args = convenience.takes.map((take) => (take === 'id' ? id : given))
      await context.output.data(await methods[verb]?.(...args))
    },
  }
}
