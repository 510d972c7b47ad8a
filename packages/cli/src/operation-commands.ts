import { API_PREFIX, type Operation, type OperationName, operations, pathParamNames } from '@session-library/schemas'
import type { Command, Context, Flag } from './command.js'
import { contractFlags, type FieldFlag, flagsOf } from './contract-flags.js'
import { BODY_FLAG, operationInput } from './request-input.js'

/**
 * What a command line adds to one operation of the contract: flags of its own, other names of
 * derived flags, default table columns, a run that replaces the plain call when one of its flags is given.
 *
 * @example `{ flags: { all: { type: 'boolean', description: 'Every page.' } }, columns: ['id', 'title'] }`
 */
export interface Convenience {
  readonly flags?: Readonly<Record<string, Flag>>
  /** Other flag names of derived fields: alias → the field's flag. */
  readonly aliases?: Readonly<Record<string, string>>
  /** Default columns of the table. */
  readonly columns?: readonly string[]
  /** A sentence added to the description (what the extra flags do). */
  readonly description?: string
  /** Runs instead of the plain call when it returns true. */
  run?(call: OperationCall, context: Context): Promise<boolean>
}

/**
 * One operation ready to send: its contract entry, its input from the command line, and how to print.
 *
 * @example `const answer = await call.send()`
 */
export interface OperationCall {
  readonly operation: Operation
  readonly input: Awaited<ReturnType<typeof operationInput>>
  readonly columns?: readonly string[]
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

const PARAM_TEXT: Record<string, string> = { id: 'The session identifier.' }

/**
 * The words of an operation's command: its group and verb (`sessions list`), or the group alone when
 * that is the group's only operation and it reads (`health`, `waveform`, `tag-counts`).
 *
 * @example `commandWords(endpoints['tagCounts.list']) // ['tag-counts']`
 */
export function commandWords(operation: Operation): string[] {
  const [group = '', verb = ''] = operation.name.split('.')
  const alone = operations.filter((other) => other.name.startsWith(`${group}.`)).length === 1
  return alone && operation.method === 'GET' ? [kebab(group)] : [kebab(group), verb]
}

function aliasFlags(convenience: Convenience | undefined, flags: Record<string, Flag>): Record<string, Flag> {
  return Object.fromEntries(
    Object.entries(convenience?.aliases ?? {}).map(([alias, target]) => {
      const flag = flags[target] as Flag
      return [alias, { ...flag, description: `Same as --${target}.` }]
    }),
  )
}

function withAliases(values: Context['values'], aliases: Convenience['aliases']): Context['values'] {
  const merged = { ...values }
  for (const [alias, target] of Object.entries(aliases ?? {})) merged[target] ??= merged[alias]
  return merged
}

function requestHelp(operation: Operation): Record<string, string[]> {
  const errors = [...operation.errors, ...operation.decidedErrors].sort().join(', ')
  return {
    Request: [
      `${operation.method} ${API_PREFIX}${operation.path} → ${operation.status}; errors ${errors}.`,
      operation.writes ? 'Writes: needs full-automation mode (else 403 read_only).' : 'Reads: works in every mode.',
    ],
  }
}

function operationCommand(operation: Operation, convenience: Convenience | undefined): Command {
  let fields: FieldFlag[] | undefined
  const derived = () => {
    fields ??= contractFlags(operation)
    return fields
  }
  const flags = () => {
    const own = { ...flagsOf(derived()), ...(operation.body && BODY_FLAG) }
    return { ...own, ...aliasFlags(convenience, own), ...convenience?.flags }
  }
  return {
    words: commandWords(operation),
    summary: operation.summary,
    description: [operation.description, convenience?.description].filter(Boolean).join(' '),
    positionals: pathParamNames(operation.path).map((name) => ({ name, description: PARAM_TEXT[name] ?? name })),
    flags,
    help: () => requestHelp(operation),
    async run(context) {
      const values = withAliases(context.values, convenience?.aliases)
      const input = await operationInput(operation, derived(), values, context.positionals)
      const call = { operation, input, columns: convenience?.columns }
      if (await convenience?.run?.(call, { ...context, values })) return
      const client = await context.client()
      const answer = (await client.request(operation.name as OperationName, input as never)) as { data: unknown }
      await context.output.data(answer.data, call.columns)
    },
  }
}

/**
 * A command for every operation of the contract's endpoint table, each with the conveniences given
 * for it.
 *
 * @example `operationCommands(CONVENIENCES).map((command) => command.words.join(' '))`
 */
export function operationCommands(conveniences: Partial<Record<OperationName, Convenience>>): Command[] {
  return operations.map((operation) => operationCommand(operation, conveniences[operation.name as OperationName]))
}
