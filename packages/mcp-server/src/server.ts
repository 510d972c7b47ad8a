import { randomBytes } from 'node:crypto'
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server'
import { didYouMean, UsageError } from '@session-library/internal'
import { tokenMask, z } from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'
import { type CodeModeOptions, codeTools } from './code-run.js'
import { jsonSchemaOf, showing } from './for-model.js'
import { registerResources } from './resources.js'
import { errorResult } from './results.js'
import { checkArgs } from './tool-input.js'
import { allTools, type Rounds, type ToolSpec } from './tools.js'
import { version } from './version.js'

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** The SDK client every tool calls. */
  client: SessionLibrary
  /** The token of that client: masked in every message, should a server ever echo it. */
  token?: string
  /** Only the tools that read (`readOnlyHint`). */
  readOnly?: boolean
  /** Only these tools, by name (`sessions_list`). */
  tools?: readonly string[]
  /** Only the tools of these groups (`sessions`, `tags`, `notes`…). */
  groups?: readonly string[]
  /** Destroys data the request did not name without asking (else it asks the user through the client, or refuses). */
  yes?: boolean
  /**
   * Lists each tool's output schema. Off by default: they hold about half the tokens of `tools/list`,
   * and a model is not shown them; `structuredContent` is the SDK's validated answer either way.
   */
  outputSchemas?: boolean
  /**
   * Code mode: `search_docs` and `execute` (a snippet run in a sandbox against the SDK) in place of a
   * tool per call, for jobs of many calls; `tools` and `groups` do not apply, `readOnly` refuses writes.
   */
  codeMode?: CodeModeOptions
}

function checkNames(given: readonly string[] | undefined, known: readonly string[], what: string): void {
  for (const name of given ?? [])
    if (!known.includes(name)) throw new UsageError(`unknown ${what} '${name}'${didYouMean(name, known)}`)
}

/** The tools a server offers under its options; an unknown tool or group name is a usage error. */
export function selectTools(options: Omit<ServerOptions, 'client'>): ToolSpec[] {
  if (options.codeMode) return codeTools({ ...options.codeMode, readOnly: options.readOnly })
  checkNames(
    options.tools,
    allTools.map((tool) => tool.name),
    'tool',
  )
  checkNames(options.groups, [...new Set(allTools.map((tool) => tool.group))], 'group')
  return allTools.filter(
    (tool) =>
      (!options.readOnly || tool.annotations.readOnlyHint) &&
      (!options.tools || options.tools.includes(tool.name)) &&
      (!options.groups || options.groups.includes(tool.group)),
  )
}

const refusal = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] })

// What a round carries to the next comes back through the client, so it is signed: a client cannot
// claim a round it was not asked. The key lives as long as the process, as the rounds do.
const carried = createRequestStateCodec<string>({ key: randomBytes(32) })

// Each schema's JSON, made once: every server (one per HTTP session or request) lists the same tools.
const shownJson = new WeakMap<z.ZodMiniType, Record<string, unknown>>()
const shown = (schema: z.ZodMiniType, io: 'input' | 'output') => () => {
  const json = shownJson.get(schema) ?? jsonSchemaOf(schema, io)
  shownJson.set(schema, json)
  // A copy, as the conversion writes into the object it is handed. The conversion names draft-07 as
  // `$schema`, which zod lets the schema's own keys override: without it, a client reads the
  // protocol's default dialect (2020-12), in which these keywords mean the same.
  return { ...structuredClone(json), $schema: undefined }
}

// Any object: the handler checks the arguments itself (see checkArgs).
const ANY_OBJECT = z.looseObject({})

// What the SDK is given: the tool's input schema to show, and a check that takes any object; the
// output schema as it is, shown compact.
function registration(tool: ToolSpec, outputSchemas: boolean | undefined) {
  const { name: _, run: __, group: ___, inputSchema, outputSchema, ...config } = tool
  return {
    ...config,
    inputSchema: showing(ANY_OBJECT, shown(inputSchema, 'input')),
    ...(outputSchemas && { outputSchema: showing(outputSchema, shown(outputSchema, 'output')) }),
  }
}

// Made once a tool, not once a server: an HTTP session's server then holds only what is its own
// (about 10 KB, against 80 KB when each built its own 19 registrations).
const registrations = [0, 1].map(() => new WeakMap<ToolSpec, ReturnType<typeof registration>>())
function registered(tool: ToolSpec, outputSchemas: boolean | undefined) {
  const made = registrations[outputSchemas ? 1 : 0] as WeakMap<ToolSpec, ReturnType<typeof registration>>
  const found = made.get(tool) ?? registration(tool, outputSchemas)
  made.set(tool, found)
  return found
}

/**
 * The MCP server of the library: a tool for each operation of the contract (and the CLI's
 * conveniences), each session and the tag counts as resources. Connect it to any transport.
 *
 * @example
 * ```ts
 * import { serveStdio } from '@modelcontextprotocol/server/stdio'
 * import { SessionLibrary } from '@session-library/sdk'
 * import { createServer } from '@session-library/mcp-server'
 * const client = new SessionLibrary()
 * serveStdio(() => createServer({ client, readOnly: true }))
 * ```
 */
export function createServer(options: ServerOptions): McpServer {
  const { client } = options
  const mask = tokenMask(options.token ?? [])
  const server = new McpServer({ name: 'session-library', version }, { requestState: { verify: carried.verify } })
  // What the client can do: declared with each request on the 2026-07-28 revision, at initialize before.
  const capabilities = (context: ServerContext) =>
    (context.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined)?.[
      CLIENT_CAPABILITIES_META_KEY
    ] ?? server.server.getClientCapabilities()
  // A call that would destroy data it did not name asks the user first: the answer comes with the
  // call's retry (the SDK asks an older client through elicitation and calls again itself).
  const roundsOf = (context: ServerContext): Rounds => {
    const answer = inputResponse(context.mcpReq.inputResponses, 'confirm')
    return {
      yes: options.yes === true,
      answer: answer.kind === 'elicit' ? answer.action === 'accept' && answer.content?.confirm === true : undefined,
      state: context.mcpReq.requestState<string>(),
      async ask(question, state) {
        if (!capabilities(context)?.elicitation)
          return refusal(
            `refused: ${question} The client cannot ask the user (no elicitation); start the server with --yes to allow it.`,
          )
        const form = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const, title: question } } }
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              mode: 'form',
              message: question,
              requestedSchema: { ...form, required: ['confirm'] },
            }),
          },
          ...(state !== undefined && { requestState: await carried.mint(state) }),
        })
      },
    }
  }
  const confirmer = (rounds: Rounds) => async (question: string | undefined) => {
    if (question === undefined || rounds.yes || rounds.answer === true) return undefined
    if (rounds.answer === false) return refusal(`cancelled by the user; nothing was changed (${question})`)
    return rounds.ask(question)
  }
  for (const tool of selectTools(options))
    server.registerTool(tool.name, registered(tool, options.outputSchemas), async (given, context) => {
      try {
        const checked = checkArgs(tool.inputSchema, given as Record<string, unknown>)
        if ('problem' in checked) throw new UsageError(checked.problem)
        const rounds = roundsOf(context)
        return await tool.run(checked.args, { client, confirm: confirmer(rounds), rounds, mask })
      } catch (error) {
        return errorResult(error, mask) as CallToolResult
      }
    })
  registerResources(server, client)
  return server
}
