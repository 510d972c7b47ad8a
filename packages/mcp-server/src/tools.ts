import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { UsageError } from '@session-library/internal'
import {
  type AnswerOf,
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
  z,
} from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'
import { answerResult } from './results.js'
import { callParts, ID, toolInput } from './tool-input.js'

/** What a tool's handler is given besides its arguments. */
export interface ToolContext {
  readonly client: SessionLibrary
  /** Asks the user a destructive call's question: `undefined` to go on, else the refusal to answer. */
  confirm(question: string | undefined): Promise<CallToolResult | undefined>
}

/** One tool: its name, its group, what `tools/list` shows, and its handler. */
export interface ToolSpec {
  readonly name: string
  /** The contract's group, spelled as tool names are (`waveform_notes`). */
  readonly group: string
  readonly title: string
  readonly description: string
  readonly inputSchema: z.ZodMiniObject
  readonly outputSchema: z.ZodMiniType
  readonly annotations: ToolAnnotations
  /** Calls the API with the checked arguments: the answer, or a refusal as a tool error. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>
}

/** The question of a call that may lose data, asked of the user before it is sent (`undefined`: none). */
const question = (usage: Usage, input: LossInput, client: SessionLibrary) =>
  lossQuestion(usage.route.name, input, { session: (id) => client.sessions.get(id) })

type Meta = AnswerOf<'sessions.list'>['meta']

/** Where a page of the list sits, and how to get the next one. */
export function pageNote({ total, offset }: Meta, count: number): string {
  const shown = count === 0 ? `none of ${total}` : `${offset + 1}–${offset + count} of ${total}`
  const more = offset + count < total ? `; call again with offset ${offset + count} for the next page` : ''
  return `${shown}${more}`
}

// What a tool adds to the contract's texts: how a list pages, what a write needs and asks.
function usageNotes(usage: Usage, operation: Operation): string[] {
  return [
    usage.route.name === 'sessions.list' && !usage.convenience
      ? 'Pages with limit and offset; the answer says how to get the next page.'
      : '',
    operation.writes ? 'Writes: needs full-automation mode (else 403 read_only).' : '',
    usage.route.loses.length > 0 && (!usage.convenience || usage.convenience.sends)
      ? 'Asks the user first when it would remove data the request does not name.'
      : '',
  ].filter(Boolean)
}

function toolOf(usage: Usage, inputSchema: z.ZodMiniObject, outputSchema: z.ZodMiniType): Omit<ToolSpec, 'run'> {
  const operation = endpoints[usage.route.name]
  const { summary: title, description } = textOf(usage)
  return {
    name: nameIn(usage, 'mcp')[0] as string,
    group: spell(usage.group, '_'),
    title,
    description: [`${title}.`, description, ...usageNotes(usage, operation)].join(' '),
    inputSchema,
    outputSchema,
    annotations: {
      title,
      readOnlyHint: !operation.writes,
      destructiveHint: isDestructive(usage),
      idempotentHint: operation.idempotent && !usage.convenience,
      openWorldHint: false,
    },
  }
}

function operationTool(usage: Usage): ToolSpec {
  const operation: Operation = endpoints[usage.route.name]
  return {
    ...toolOf(usage, toolInput(operation), operation.answer.tolerant),
    async run(args, { client, confirm }) {
      const parts = callParts(operation, args)
      if ('problem' in parts) throw new UsageError(parts.problem)
      const refused = await confirm(await question(usage, parts, client))
      if (refused) return refused
      const answer = (await client.request(operation.name as never, parts as never)) as { data: unknown; meta?: Meta }
      const count = Array.isArray(answer.data) ? answer.data.length : 0
      return answerResult(answer, answer.meta ? [pageNote(answer.meta, count)] : [])
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
      return answerResult({ data: await methods[verb]?.(...given, ...(wait ? [wait] : [])) })
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
