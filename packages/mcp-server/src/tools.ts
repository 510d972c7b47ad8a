import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { UsageError } from '@session-library/internal'
import {
  type AnswerOf,
  lossQuestion,
  mayLoseData,
  type Operation,
  type OperationName,
  operations,
  type z,
} from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'
import { answerResult } from './results.js'
import { callParts, toolInput } from './tool-input.js'

/** What a tool's handler is given besides its arguments. */
export interface ToolContext {
  readonly client: SessionLibrary
  /** Asks the user a destructive call's question: `undefined` to go on, else the refusal to answer. */
  confirm(question: string | undefined): Promise<CallToolResult | undefined>
}

/** One tool: its name, the group of its operation, what `tools/list` shows, and its handler. */
export interface ToolSpec {
  readonly name: string
  readonly group: string
  readonly title: string
  readonly description: string
  readonly inputSchema: z.ZodMiniObject
  readonly outputSchema: z.ZodMiniType
  readonly annotations: ToolAnnotations
  /** Calls the API with the checked arguments: the answer, or a refusal as a tool error. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>
}

/** A tool's name: the operation id with `_` for `.` (`sessions_list`). */
export const toolName = (operation: string) => operation.replace('.', '_')

/** The group of an operation or tool: the part of its name before the `.` or `_`. */
export const groupOf = (name: string) => name.split(/[._]/)[0] ?? name

/** What the contract's rule of lost data reads first: a session's tags. */
export const lossReader = (client: SessionLibrary) => ({ tags: async (id: string) => (await client.tags.get(id)).tags })

// A PATCH that the contract documents as its PUT's twin (same path, same body) is the same tool.
const twinOfPut = (operation: Operation) =>
  operation.method === 'PATCH' &&
  operations.some((other) => other.method === 'PUT' && other.path === operation.path && other.body === operation.body)

/** Annotations of an operation's tool: reads are read-only; deletes and replacements destructive. */
export function annotationsOf(operation: Pick<Operation, 'method' | 'writes' | 'idempotent' | 'summary'>) {
  return {
    title: operation.summary,
    readOnlyHint: !operation.writes,
    destructiveHint: operation.method === 'DELETE' || operation.method === 'PUT',
    idempotentHint: operation.idempotent,
    openWorldHint: false,
  } satisfies ToolAnnotations
}

/** What a tool adds to the contract's texts: how a list pages, what a write needs and asks. */
export function usageNotes(operation: Operation): string[] {
  return [
    operation.name === 'sessions.list' ? 'Pages with limit and offset; the answer says how to get the next page.' : '',
    operation.writes ? 'Writes: needs full-automation mode (else 403 read_only).' : '',
    mayLoseData(operation.name as OperationName)
      ? 'Asks the user first when it would delete or remove data the request did not name.'
      : '',
  ].filter(Boolean)
}

type Meta = AnswerOf<'sessions.list'>['meta']

/** Where a page of the list sits, and how to get the next one. */
export function pageNote({ total, offset }: Meta, count: number): string {
  const shown = count === 0 ? `none of ${total}` : `${offset + 1}–${offset + count} of ${total}`
  const more = offset + count < total ? `; call again with offset ${offset + count} for the next page` : ''
  return `${shown}${more}`
}

function operationTool(operation: Operation): ToolSpec {
  const name = operation.name as OperationName
  return {
    name: toolName(name),
    group: groupOf(name),
    title: operation.summary,
    description: [`${operation.summary}.`, operation.description, ...usageNotes(operation)].join(' '),
    inputSchema: toolInput(operation),
    outputSchema: operation.answer.tolerant,
    annotations: annotationsOf(operation),
    async run(args, { client, confirm }) {
      const parts = callParts(operation, args)
      if ('problem' in parts) throw new UsageError(parts.problem)
      const refused = await confirm(await lossQuestion(name, parts, lossReader(client)))
      if (refused) return refused
      const answer = (await client.request(name, parts as never)) as { data: unknown; meta?: Meta }
      const count = Array.isArray(answer.data) ? answer.data.length : 0
      return answerResult(answer, answer.meta ? [pageNote(answer.meta, count)] : [])
    },
  }
}

/** A tool for each operation of the contract, a PUT and its PATCH twin as one. */
export const operationTools: readonly ToolSpec[] = operations.filter((op) => !twinOfPut(op)).map(operationTool)
