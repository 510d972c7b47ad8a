import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { didYouMean, UsageError } from '@session-library/internal'
import { tokenMask, z } from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'
import { jsonSchemaOf, showing } from './for-model.js'
import { registerResources } from './resources.js'
import { errorResult } from './results.js'
import { checkArgs } from './tool-input.js'
import { allTools, type ToolSpec } from './tools.js'
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
  /** Destroys data the request did not name without asking (else it asks through elicitation, or refuses). */
  yes?: boolean
  /**
   * Lists each tool's output schema. Off by default: they hold about half the tokens of `tools/list`,
   * and a model is not shown them; `structuredContent` is the SDK's validated answer either way.
   */
  outputSchemas?: boolean
}

function checkNames(given: readonly string[] | undefined, known: readonly string[], what: string): void {
  for (const name of given ?? [])
    if (!known.includes(name)) throw new UsageError(`unknown ${what} '${name}'${didYouMean(name, known)}`)
}

/** The tools a server offers under its options; an unknown tool or group name is a usage error. */
export function selectTools(options: Omit<ServerOptions, 'client'>): ToolSpec[] {
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

// Each schema's JSON, made once: every server (one per HTTP session) lists the same tools.
const shownJson = new WeakMap<z.ZodMiniType, Record<string, unknown>>()
const shown = (schema: z.ZodMiniType, io: 'input' | 'output') => () => {
  const json = shownJson.get(schema) ?? jsonSchemaOf(schema, io)
  shownJson.set(schema, json)
  // A copy, as the conversion writes into the object it is handed. The conversion names draft-07 as
  // `$schema`, which zod lets the schema's own keys override: without it, a client reads the
  // protocol's default dialect (2020-12), in which these keywords mean the same.
  return { ...structuredClone(json), $schema: undefined }
}

// What the SDK is given: the tool's input schema to show, and a schema that takes any object, since
// the handler checks the arguments itself (see checkArgs); the output schema as it is, shown compact.
function registered(tool: ToolSpec, outputSchemas: boolean | undefined) {
  const { name: _, run: __, group: ___, inputSchema, outputSchema, ...config } = tool
  return {
    ...config,
    inputSchema: showing(z.looseObject({}), shown(inputSchema, 'input')),
    ...(outputSchemas && { outputSchema: showing(outputSchema, shown(outputSchema, 'output')) }),
  }
}

/**
 * The MCP server of the library: a tool for each operation of the contract (and the CLI's
 * conveniences), each session and the tag counts as resources. Connect it to any transport.
 *
 * @example
 * ```ts
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
 * import { SessionLibrary } from '@session-library/sdk'
 * import { createServer } from '@session-library/mcp-server'
 * const server = createServer({ client: new SessionLibrary(), readOnly: true })
 * await server.connect(new StdioServerTransport())
 * ```
 */
export function createServer(options: ServerOptions): McpServer {
  const { client } = options
  const mask = tokenMask(options.token ?? [])
  const server = new McpServer({ name: 'session-library', version })
  // A call that would destroy data it did not name: asked through elicitation when the client can.
  const confirm = async (question: string | undefined) => {
    if (question === undefined || options.yes) return undefined
    if (!server.server.getClientCapabilities()?.elicitation)
      return refusal(
        `refused: ${question} The client cannot ask the user (no elicitation); start the server with --yes to allow it.`,
      )
    const answer = await server.server.elicitInput({
      mode: 'form',
      message: question,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: question } },
        required: ['confirm'],
      },
    })
    return answer.action === 'accept' && answer.content?.confirm === true
      ? undefined
      : refusal(`cancelled by the user; nothing was changed (${question})`)
  }
  for (const tool of selectTools(options)) {
    const registeredTool = server.registerTool(
      tool.name,
      registered(tool, options.outputSchemas),
      async (given: Record<string, unknown>) => {
        try {
          const checked = checkArgs(tool.inputSchema, given)
          if ('problem' in checked) throw new UsageError(checked.problem)
          return await tool.run(checked.args, { client, confirm })
        } catch (error) {
          return errorResult(error, mask)
        }
      },
    )
    // The SDK marks each tool `taskSupport: 'forbidden'`, which is what no `execution` means.
    registeredTool.execution = undefined
  }
  registerResources(server, client)
  return server
}
