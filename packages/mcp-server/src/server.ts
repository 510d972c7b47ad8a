import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { didYouMean, UsageError } from '@session-library/internal'
import { tokenMask } from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'
import { registerResources } from './resources.js'
import { errorResult } from './results.js'
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
    const { name, run, group: _, ...config } = tool
    server.registerTool(name, config, async (args: Record<string, unknown>) => {
      try {
        return await run(args, { client, confirm })
      } catch (error) {
        return errorResult(error, mask)
      }
    })
  }
  registerResources(server, client)
  return server
}
