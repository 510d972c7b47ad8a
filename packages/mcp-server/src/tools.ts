import type { CallToolResult, InputRequiredResult, ToolAnnotations } from '@modelcontextprotocol/server'
import { UsageError } from '@session-library/internal'
import {
  endpoints,
  isDestructive,
  type LossInput,
  lossQuestion,
  nameIn,
  type Operation,
  session,
  spell,
  textOf,
  type Usage,
  usages,
  withoutRuleIds,
  z,
} from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'
import { answerResult, itemLine, pageNote } from './results.js'
import { callParts, ID, toolInput } from './tool-input.js'

/** What a tool's handler is given besides its arguments. */
export interface ToolContext {
  readonly client: SessionLibrary
  /**
   * Asks the user a destructive call's question: `undefined` to go on, else the answer to give, a
   * refusal or the request to ask the user first (after which the client calls the tool again).
   */
  confirm(question: string | undefined): Promise<CallToolResult | InputRequiredResult | undefined>
  /** What a call that asks in several rounds needs (code mode): what `confirm` is made of. */
  readonly rounds: Rounds
  /** Hides the client's token in a text. */
  mask(text: string): string
}

/** The rounds of a call that asks the user (the client answers each question by calling again). */
export interface Rounds {
  /** Goes on without asking (`--yes`). */
  readonly yes: boolean
  /** The user's answer to the question of the round before: `true` to go on; `undefined` when none was asked. */
  readonly answer: boolean | undefined
  /** What the round before carried to this one (signed by the server: a client cannot make one up). */
  readonly state: string | undefined
  /** Ends this round asking `question`, carrying `state` to the next; a refusal when the client cannot ask. */
  ask(question: string, state?: string): Promise<CallToolResult | InputRequiredResult>
}

/** One tool: its name, its group, what `tools/list` shows, and its handler. */
export interface ToolSpec {
  readonly name: string
  /** The contract's group, spelled as tool names are (`waveform_notes`). */
  readonly group: string
  readonly title: string
  /** For a model: what the tool does, what it needs and what it changes, without the contract's rule ids. */
  readonly description: string
  /** The arguments as the handler takes them: what `tools/call` is checked against. */
  readonly inputSchema: z.ZodMiniObject
  readonly outputSchema: z.ZodMiniType
  readonly annotations: ToolAnnotations
  /** Calls the API with the checked arguments: the answer, a refusal as a tool error, or what `confirm` asks. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult | InputRequiredResult>
}

/** The fields of a session, in the contract's order. */
const SESSION_FIELDS: readonly string[] = Object.keys(session.tolerant.def.shape)
/** What `fields` takes for every field of a session. */
const ALL_FIELDS = '*'
/** The fields of each session a list shows unless `fields` says otherwise: enough to pick one. */
const LIST_FIELDS: readonly string[] = ['id', 'title', 'kind', 'tags', 'lastOpened']
/**
 * A list tool's page: small by default, capped below the API's 500, so that an answer stays a few
 * thousand tokens (a model pages on with `offset`).
 */
const TOOL_PAGE = { default: 20, max: 100 } as const

/** The question of a call that may lose data, asked of the user before it is sent (`undefined`: none). */
const question = (usage: Usage, input: LossInput, client: SessionLibrary) =>
  lossQuestion(usage.route.name, input, { session: (id) => client.sessions.get(id) })

// Whether an answer's data is one session or a list of them: those answers take `fields` and show
// sessions as lines.
function sessionsOf(answer: z.ZodMiniType): 'one' | 'many' | undefined {
  const data = (answer as z.ZodMiniObject).def.shape?.data as z.ZodMiniType | undefined
  if (data === session.tolerant) return 'one'
  return (data as z.ZodMiniArray | undefined)?.def.element === session.tolerant ? 'many' : undefined
}

// Sentences of the contract's descriptions that a tool's own notes say, or that speak of HTTP only (a
// PATCH twin; a 501, whose tool error says itself that the service is missing).
const SAID_ELSEWHERE = [
  /\s*Requires full-automation mode\./,
  /\s*PUT and PATCH behave the same\./,
  /\s*Answers 501 \w+ when [^.]*\./,
]

/**
 * A call's text for a model: the contract's, with what a write needs and asks (paging and fields are
 * said by the arguments' texts).
 */
export function descriptionOf(usage: Usage, operation: Operation): string {
  const own = SAID_ELSEWHERE.reduce(
    (text, sentence) => text.replace(sentence, ''),
    withoutRuleIds(textOf(usage).description),
  )
  return [
    own,
    operation.writes ? 'Needs full-automation mode.' : '',
    usage.route.loses.length > 0 && (!usage.convenience || usage.convenience.sends)
      ? 'Asks the user before removing data the request does not name.'
      : '',
  ]
    .filter(Boolean)
    .join(' ')
}

function toolOf(usage: Usage, inputSchema: z.ZodMiniObject, outputSchema: z.ZodMiniType): Omit<ToolSpec, 'run'> {
  const operation = endpoints[usage.route.name]
  const { summary: title } = textOf(usage)
  return {
    name: nameIn(usage, 'mcp')[0] as string,
    group: spell(usage.group, '_'),
    title,
    description: descriptionOf(usage, operation),
    inputSchema,
    outputSchema,
    // The hints that say something: destructive and idempotent mean nothing for a read, and an
    // idempotentHint of false is what its absence means.
    annotations: operation.writes
      ? {
          readOnlyHint: false,
          destructiveHint: isDestructive(usage),
          ...(operation.idempotent && !usage.convenience && { idempotentHint: true }),
          openWorldHint: false,
        }
      : { readOnlyHint: true, openWorldHint: false },
  }
}

const fieldsInput = (defaults: string) =>
  z.optional(
    z
      .array(z.enum([ALL_FIELDS, ...SESSION_FIELDS] as [string, ...string[]]))
      .check(
        z.minLength(1),
        z.describe(`Fields of each session to return (id always comes); ["*"]: all. Default: ${defaults}.`),
      ),
  )

const offsetInput = z.optional(
  z.int().check(z.minimum(0), z.describe("Sessions to skip (default 0); the answer gives the next page's.")),
)

const limitInput = z.optional(
  z
    .int()
    .check(z.minimum(1), z.maximum(TOOL_PAGE.max), z.describe(`Sessions per page (default ${TOOL_PAGE.default}).`)),
)

/** A session with only the fields asked for (`id` always): all of them for `*`. */
function pickFields(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.includes(ALL_FIELDS)) return item
  return Object.fromEntries(Object.entries(item).filter(([key]) => key === 'id' || fields.includes(key)))
}

// The text of an answer: a page's place, then a line per item. A write shows of a session what picks
// it out and what the request named; the validated answer as a whole is the structured content.
function linesOf(data: unknown, show: (item: Record<string, unknown>) => Record<string, unknown>): string[] {
  const items = Array.isArray(data) ? data : [data]
  return items.map((item) => itemLine(item !== null && typeof item === 'object' ? show(item as never) : item))
}

function operationTool(usage: Usage): ToolSpec {
  const operation: Operation = endpoints[usage.route.name]
  const answer = operation.answer.tolerant
  const sessions = sessionsOf(answer)
  const input = toolInput(operation)
  const pages = 'limit' in input.def.shape
  const selects = sessions !== undefined && !operation.writes
  const defaults = sessions === 'many' ? LIST_FIELDS : [ALL_FIELDS]
  const shape = {
    ...input.def.shape,
    ...(pages && { limit: limitInput, offset: offsetInput }),
    ...(selects && { fields: fieldsInput(sessions === 'many' ? LIST_FIELDS.join(',') : 'all') }),
  }
  const partial = z.partial(session.tolerant)
  const output = selects
    ? z.extend(answer as z.ZodMiniObject, { data: sessions === 'many' ? z.array(partial) : partial })
    : answer
  return {
    ...toolOf(usage, z.strictObject(shape), output),
    async run({ fields, ...args }, { client, confirm }) {
      const parts = callParts(operation, pages ? { limit: TOOL_PAGE.default, ...args } : args)
      if ('problem' in parts) throw new UsageError(parts.problem)
      const refused = await confirm(await question(usage, parts, client))
      if (refused) return refused
      const got = (await client.request(operation.name as never, parts as never)) as {
        data: unknown
        meta?: { total: number; offset: number }
      }
      const chosen = (fields as string[] | undefined) ?? defaults
      const pick = (item: Record<string, unknown>) => pickFields(item, chosen)
      const data = selects ? (Array.isArray(got.data) ? got.data.map(pick) : pick(got.data as never)) : got.data
      const shown = { ...got, data }
      const named = Object.keys(args)
      const show = (item: Record<string, unknown>) =>
        sessions && operation.writes ? pickFields(item, [...LIST_FIELDS, ...named]) : item
      const count = Array.isArray(data) ? data.length : 0
      return answerResult(shown, [...(got.meta ? [pageNote(got.meta, count)] : []), ...linesOf(data, show)])
    },
  }
}

const WAIT = z.optional(z.int().check(z.minimum(1), z.describe('Give up after this many seconds (default 300).')))
const SESSIONS = z.object({ data: z.array(session.tolerant) })

// A convenience's tool: its arguments are what the SDK method takes, its run that one method.
function convenienceTool(usage: Usage & { convenience: NonNullable<Usage['convenience']> }): ToolSpec {
  const { convenience, group, verb } = usage
  const operation: Operation = endpoints[usage.route.name]
  const body = (operation.body as z.ZodMiniObject | undefined)?.def.shape ?? {}
  const shape: Record<string, z.ZodMiniType> = {}
  for (const take of convenience.takes) {
    if (take === 'id') shape.id = ID
    else if (take === 'body') Object.assign(shape, body, convenience.waits && { timeout: WAIT })
    else shape[take.slice('body.'.length)] = body[take.slice('body.'.length)] as z.ZodMiniType
  }
  const output = convenience.waits ? SESSIONS : operation.answer.tolerant
  const sessions = sessionsOf(output)
  return {
    ...toolOf(usage, z.strictObject(shape), output),
    async run({ timeout, ...args }, { client, confirm }) {
      const id = String(args.id)
      const input = { params: { id }, body: convenience.sends }
      const refused = convenience.sends && (await confirm(await question(usage, input, client)))
      if (refused) return refused
      const methods = client[group as 'tags'] as unknown as Record<string, (...given: unknown[]) => Promise<unknown>>
      const wait = typeof timeout === 'number' ? { timeout: timeout * 1000 } : undefined
      const given = convenience.takes.map((take) =>
        take === 'id' ? id : take === 'body' ? args : args[take.slice('body.'.length)],
      )
      const data = await methods[verb]?.(...given, ...(wait ? [wait] : []))
      const show = (item: Record<string, unknown>) => (sessions ? pickFields(item, LIST_FIELDS) : item)
      return answerResult({ data }, linesOf(data, show))
    },
  }
}

/**
 * A tool for each call of the contract, named by its rule (`nameIn`): each operation (a PUT and its
 * PATCH twin as one), then each convenience the MCP server does not leave out.
 */
export const allTools: readonly ToolSpec[] = usages.flatMap((usage) => {
  if (!usage.convenience) return usage.route.twin ? [] : [operationTool(usage)]
  return usage.convenience.absent?.mcp ? [] : [convenienceTool({ ...usage, convenience: usage.convenience })]
})
