import { kebabCase } from '@session-library/internal'
import {
  type AnswerOf,
  API_PREFIX,
  type OperationName,
  pathParamNames,
  type Route,
  routes,
} from '@session-library/schemas/client'
import { answerFields } from './answer-fields.js'
import type { Command, Context, Positional } from './command.js'
import { confirm, YES_FLAG } from './confirm.js'
import { confirmationOf } from './confirmations.js'
import { contract, loadContract } from './contract.js'
import type { Operation } from './contract-entry.js'
import type { FieldFlag } from './contract-flags.js'
import type { Flag } from './flag.js'
import { checkRequest } from './request-check.js'
import { BODY_FLAG, type OperationCall, type OperationInput, operationInput } from './request-input.js'

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
  /** Positionals after the path parameters, and how they change the input. */
  readonly positionals?: readonly Positional[]
  /** Command lines that show its use (`# what it does` after each). */
  readonly examples?: readonly string[]
  amend?(input: OperationInput, values: readonly string[], cwd: string): void
  /** Runs instead of the plain call when it returns true. */
  run?(call: OperationCall, context: Context): Promise<boolean>
}

const PARAM_TEXT: Record<string, string> = { id: 'The session identifier.' }

/**
 * The words of an operation's command: its group and verb (`sessions list`), or the group alone when
 * that is the group's only operation and it reads (`health`, `waveform`, `tag-counts`).
 *
 * @example `commandWords(routes['tagCounts.list']) // ['tag-counts']`
 */
export function commandWords(route: Route): string[] {
  const [group = '', verb = ''] = route.name.split('.')
  const alone = Object.keys(routes).filter((name) => name.startsWith(`${group}.`)).length === 1
  return alone && route.method === 'GET' ? [kebabCase(group)] : [kebabCase(group), verb]
}

function aliasFlags(convenience: Convenience | undefined, flags: Record<string, Flag>): Record<string, Flag> {
  return Object.fromEntries(
    Object.entries(convenience?.aliases ?? {}).flatMap(([alias, target]) => {
      const flag = flags[target]
      return flag ? [[alias, { ...flag, description: `Same as --${target}.` }]] : []
    }),
  )
}

function withAliases(values: Context['values'], aliases: Convenience['aliases']): Context['values'] {
  const merged = { ...values }
  for (const [alias, target] of Object.entries(aliases ?? {})) merged[target] ??= merged[alias]
  return merged
}

type ListMeta = AnswerOf<'sessions.list'>['meta']

// For people: where a page of the list sits, on stderr under the table (nothing when the list is empty).
function pageLine({ total, offset }: ListMeta, data: unknown): string | undefined {
  const count = Array.isArray(data) ? data.length : 0
  if (total === 0) return undefined
  const shown = count === 0 ? 'none' : count === 1 ? `${offset + 1}` : `${offset + 1}–${offset + count}`
  return `${shown} of ${total}${offset + count < total ? '; --offset for more, --all for every page' : ''}`
}

const EXAMPLE_VALUE: Record<FieldFlag['kind'], string> = {
  string: 'text',
  digits: '1',
  number: '1',
  integer: '1',
  boolean: '',
  strings: 'a,b',
  json: '@file.json',
}

// An operation's plain use: its words, an id, and its required fields.
function defaultExample(words: readonly string[], params: readonly string[], fields: readonly FieldFlag[]): string {
  const required = fields
    .filter((field) => field.required)
    .map((field) => `--${field.flag} ${field.choices?.[0] ?? EXAMPLE_VALUE[field.kind]}`)
  return ['session-library', ...words, ...params.map(() => 'ses_1'), ...required].join(' ')
}

const endpointOf = (name: OperationName): Operation | undefined => contract()?.endpoints[name]

function requestHelp(name: OperationName): Record<string, string[]> {
  const operation = endpointOf(name)
  if (!operation) return {}
  const errors = [...operation.errors, ...operation.decidedErrors].sort().join(', ')
  return {
    Request: [
      `${operation.method} ${API_PREFIX}${operation.path} → ${operation.status}; errors ${errors}.`,
      operation.writes ? 'Writes: needs full-automation mode (else 403 read_only).' : 'Reads: works in every mode.',
    ],
  }
}

// Summary, description and the flags of the contract's fields come from the main entry once it is
// loaded (see contract.ts); without it, a command has only its conveniences' flags.
function operationCommand(route: Route, convenience: Convenience | undefined): Command {
  const name = route.name as OperationName
  let fields: FieldFlag[] | undefined
  const derived = () => {
    const operation = endpointOf(name)
    if (operation) fields ??= contract()?.contractFlags(operation)
    return fields ?? []
  }
  const params: string[] = pathParamNames(route.path)
  const words = commandWords(route)
  const question = confirmationOf(route)
  return {
    words,
    get summary() {
      return endpointOf(name)?.summary ?? name
    },
    get description() {
      const asks = question && 'On a terminal it asks first when it would delete or remove data, unless --yes.'
      return [endpointOf(name)?.description, convenience?.description, asks].filter(Boolean).join(' ')
    },
    positionals: [
      ...params.map((param) => ({ name: param, description: PARAM_TEXT[param] ?? param })),
      ...(convenience?.positionals ?? []),
    ],
    flags() {
      const own = { ...contract()?.flagsOf(derived()), ...(endpointOf(name)?.body && BODY_FLAG) }
      return { ...own, ...aliasFlags(convenience, own), ...(question && YES_FLAG), ...convenience?.flags }
    },
    get examples() {
      return convenience?.examples ?? [defaultExample(words, params, derived())]
    },
    help: () => requestHelp(name),
    async run(context) {
      const values = withAliases(context.values, convenience?.aliases)
      // A read without contract flags sends no query; a write always sends the body its schema
      // expects (`{}` when no field is given), so it needs the contract.
      if (route.method !== 'GET') await loadContract()
      const operation = endpointOf(name)
      const shape = { params, query: operation?.query !== undefined, body: operation?.body !== undefined }
      const input = await operationInput(shape, derived(), values, context.positionals, context.io.stdin)
      convenience?.amend?.(input, context.positionals.slice(params.length), context.io.cwd)
      checkRequest(name, input, words)
      const call = { name, input, columns: convenience?.columns }
      await confirm(context, await question?.(call, context))
      if (await convenience?.run?.(call, { ...context, values })) return
      const client = await context.client()
      const answer = (await client.request(name, input as never)) as { data: unknown; meta?: ListMeta }
      await context.output.data(answer.data, call.columns, answerFields(route))
      const page = answer.meta && !context.output.json ? pageLine(answer.meta, answer.data) : undefined
      if (page) context.output.message(page)
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
  return Object.values(routes).map((route) => operationCommand(route, conveniences[route.name as OperationName]))
}
