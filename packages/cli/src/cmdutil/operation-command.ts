import { UsageError } from '@session-library/internal'
import {
  type AnswerOf,
  API_PREFIX,
  mayLoseData,
  nameIn,
  type OperationName,
  pathParamNames,
  type Route,
  type Usage,
} from '@session-library/schemas/client'
import { type Command, type Context, ID, type Positional, PROGRAM } from './command.js'
import { ASKS, confirm, YES_FLAG } from './confirm.js'
import { contract, loadContract } from './contract.js'
import type { FieldFlag, Operation } from './contract-flags.js'
import type { Flag } from './flags.js'
import {
  BODY_FLAG,
  checkRequest,
  type OperationCall,
  type OperationInput,
  operationInput,
  VALUE_RULE,
} from './input.js'
import type { CliContext } from './iostreams.js'

/** What a command adds to the one generated from its operation (`cmd/<group>/<verb>.ts`). */
export interface Extras extends Partial<Pick<Command, 'description' | 'examples'>> {
  readonly flags?: Readonly<Record<string, Flag>>
  readonly columns?: readonly string[]
  /** Positionals after the path parameters; `amend` puts them in the input. */
  readonly positionals?: readonly Positional[]
  amend?(input: OperationInput, positionals: readonly string[], io: CliContext): void | Promise<void>
  /** Runs instead of the plain call when it returns true. */
  run?(call: OperationCall, context: Context): Promise<boolean>
}

type Def = { type?: string; shape?: Record<string, unknown>; element?: { def: Def } }

// What `--fields` may name: the fields of the answer's data (of each element, for a list), from the
// contract's tolerant answer schema, optional ones included.
function answerFields(route: Route): string[] | undefined {
  const envelope = route.answer.tolerant as unknown as { def: { shape?: { data?: { def: Def } } } }
  const data = envelope.def.shape?.data?.def
  const record = data?.type === 'array' ? data.element?.def : data
  return record?.shape ? Object.keys(record.shape) : undefined
}

// `--variant`, a shorter name of `--variant-id`, on every command whose operation has the field.
function aliasFlags(flags: Record<string, Flag>): Record<string, Flag> {
  const flag = flags['variant-id']
  return flag ? { variant: { ...flag, description: 'Same as --variant-id.' } } : {}
}

const withAliases = (values: Context['values']) =>
  'variant' in values ? { ...values, 'variant-id': values['variant-id'] ?? values.variant } : values

type ListMeta = AnswerOf<'sessions.list'>['meta']

// For people: where a page of the list sits, on stderr under the table (nothing when the list is empty).
function pageLine({ total, offset }: ListMeta, data: unknown): string | undefined {
  const count = Array.isArray(data) ? data.length : 0
  if (total === 0) return undefined
  const shown = count === 0 ? 'none' : count === 1 ? `${offset + 1}` : `${offset + 1}–${offset + count}`
  return `${shown} of ${total}${offset + count < total ? '; --offset for more, --all for every page' : ''}`
}

function defaultExample(words: readonly string[], params: readonly string[], fields: readonly FieldFlag[]): string {
  const required = fields
    .filter((field) => field.required)
    .map((field) => `--${field.flag} ${field.choices?.[0] ?? contract()?.KIND_VALUES[field.kind][1]}`)
  return [PROGRAM, ...words, ...params.map(() => 'ses_1'), ...required].join(' ')
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
      ...(operation.body ? [VALUE_RULE] : []),
    ],
  }
}

// The verbs gh users type for ours (`gh repo view`, `gh repo delete` and its `rm`).
const GH_VERBS: Record<string, readonly string[]> = { get: ['view'], delete: ['rm'] }

/**
 * The command of one operation of the contract, named by the contract's rule (`nameIn`), with what
 * its `cmd/` module adds; it also answers to the operation's own verb when people call it by
 * another (`tags put` for `tags replace`), and to gh's (`view`, `rm`). Summary, description and the flags of the contract's
 * fields come from the main entry once it is loaded (see contract.ts); without it, a command has
 * only its extras' flags.
 */
export function operationCommand({ route, ...usage }: Usage, extras: Extras = {}): Command {
  const name = route.name
  let fields: FieldFlag[] | undefined
  const derived = () => {
    const operation = endpointOf(name)
    if (operation) fields ??= contract()?.contractFlags(operation)
    return fields ?? []
  }
  const params: string[] = pathParamNames(route.path)
  const words = nameIn({ route, ...usage }, 'cli')
  const own = name.slice(usage.group.length + 1)
  const asks = mayLoseData(name)
  const verbs = [...(own !== usage.verb ? [own] : []), ...(GH_VERBS[words.at(-1) ?? ''] ?? [])]
  return {
    words,
    ...(verbs.length > 0 && { aliases: verbs.map((verb) => [...words.slice(0, -1), verb]) }),
    get summary() {
      return endpointOf(name)?.summary ?? name
    },
    get description() {
      return [endpointOf(name)?.description, extras.description, asks && ASKS].filter(Boolean).join(' ')
    },
    positionals: [
      ...params.map((param) => (param === 'id' ? ID : { name: param, description: param, segment: true })),
      ...(extras.positionals ?? []),
    ],
    flags() {
      const body = endpointOf(name)?.body && BODY_FLAG
      const own = { ...contract()?.flagsOf(derived()), ...body }
      return { ...own, ...aliasFlags(own), ...(asks && YES_FLAG), ...extras.flags }
    },
    get fields() {
      return answerFields(route)
    },
    get examples() {
      return extras.examples ?? [defaultExample(words, params, derived())]
    },
    help: () => requestHelp(name),
    async run(context) {
      const values = withAliases(context.values)
      // A read without contract flags sends no query; a write always sends the body its schema
      // expects (`{}` when no field is given), so it needs the contract.
      if (route.method !== 'GET') await loadContract()
      const operation = endpointOf(name)
      const shape = { params, query: operation?.query !== undefined, body: operation?.body !== undefined }
      const input = await operationInput(shape, derived(), values, context.positionals, context.io)
      await extras.amend?.(input, context.positionals.slice(params.length), context.io)
      if (route.method === 'PATCH' && values.body === undefined && Object.keys(input.body ?? {}).length === 0) {
        const flags = derived().filter((field) => field.location === 'body')
        const given = flags.map((field) => `--${field.flag}`).join(', ')
        throw new UsageError(`nothing to change: give ${given} or --body`, words)
      }
      checkRequest(name, input, words)
      const call = { name, input, columns: extras.columns }
      if (asks) await confirm(context, call)
      if (await extras.run?.(call, { ...context, values })) return
      const client = await context.client()
      const answer = (await client.request(name, input as never)) as { data: unknown; meta?: ListMeta }
      const meta = context.values.meta === true ? answer.meta : undefined
      await context.output.data(answer.data, call.columns, answerFields(route), meta)
      const page = answer.meta && !context.output.json ? pageLine(answer.meta, answer.data) : undefined
      if (page) context.output.message(page)
    },
  }
}
