import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { connect, useMock } from './connect.js'

// Tokens as characters / 4, of the JSON a client receives: the whole answer, and each of its two
// renderings alone (a client gives the model the text, or the structured content).
const tokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4)

// The demo library of --mock (24 sessions), and the same demo library at 60 for a page of 50.
const demo = useMock({ sessions: 24 })
const larger = useMock({ sessions: 60 })
let mcp: Client
let wide: Client
beforeAll(async () => {
  mcp = await connect(demo())
  wide = await connect(larger())
})

async function measured(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'sessions_list', arguments: args })
  expect(result.isError).toBeFalsy()
  const text = (result.content as { text: string }[]).map((part) => part.text).join('\n')
  return { wire: tokens(result), text: tokens(text), structured: tokens(result.structuredContent) }
}

describe('the token budget of what a model is given (characters / 4)', () => {
  it('tools/list with every tool is at most 4,000 tokens', async () => {
    const list = await mcp.listTools()
    expect(list.tools).toHaveLength(19)
    console.info('tools/list', tokens(list))
    expect(tokens(list)).toBeLessThanOrEqual(4_000)
  })

  it("code mode's tools/list (search_docs and execute) is at most 1,500 tokens", async () => {
    const list = await (await connect(demo(), { codeMode: { baseUrl: demo().url } })).listTools()
    expect(list.tools.map((tool) => tool.name)).toEqual(['search_docs', 'execute'])
    console.info('tools/list --code-mode', tokens(list))
    expect(tokens(list)).toBeLessThanOrEqual(1_500)
  })

  it('a default sessions_list answer is at most 2,000 tokens, its text and its structured content each under 1,000', async () => {
    const size = await measured(mcp, {})
    console.info('sessions_list {}', size)
    expect(size.wire).toBeLessThanOrEqual(2_000)
    expect(Math.max(size.text, size.structured)).toBeLessThanOrEqual(1_000)
  })

  it('fields ["id","title"] of 50 sessions is at most 800 tokens in whichever form the model reads', async () => {
    const size = await measured(wide, { limit: 50, fields: ['id', 'title'] })
    console.info('sessions_list 50 id,title', size)
    expect(Math.max(size.text, size.structured)).toBeLessThanOrEqual(800)
  })

  it('whole sessions come on request (fields ["*"])', async () => {
    console.info('sessions_list 20 *', await measured(mcp, { fields: ['*'] }))
    console.info('sessions_list 50 default', await measured(wide, { limit: 50 }))
  })
})
