import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Session } from '@session-library/schemas'
import { beforeAll, describe, expect, it } from 'vitest'
import { allTools } from '../src/index.js'
import { call, connect, useMock } from './connect.js'

const mock = useMock({ importDelay: 1 })
let mcp: Client
let withPreview: Session
let target: Session

beforeAll(async () => {
  // With the output schemas listed, the SDK checks each answer's structured content against them.
  mcp = await connect(mock(), { yes: true, outputSchemas: true })
  const sessions = mock().api.snapshot().sessions as Session[]
  withPreview = sessions.find((session) => session.previews.length > 0) as Session
  target = (await call(mcp, 'sessions_create', { title: 'MCP target', tags: ['a', 'b'], notes: 'n' })).data as Session
})

type Check = (result: Awaited<ReturnType<typeof call>>) => void
// Every tool, called as an assistant would, and what its structured answer must hold.
const CALLS: Record<string, [args: () => Record<string, unknown>, check: Check]> = {
  health: [() => ({}), ({ data }) => expect(data).toMatchObject({ status: 'ok' })],
  sessions_list: [
    () => ({ limit: 2, sort: 'title', recent: false }),
    ({ data, structuredContent, text }) => {
      expect(data).toHaveLength(2)
      expect(structuredContent).toMatchObject({ meta: { limit: 2, offset: 0 } })
      expect(text).toMatch(
        /^1–2 of \d+; next page: offset 2\nses_\S+ title="[^"]+" kind=\S+ tags=\[.*\] lastOpened=\S+\n/,
      )
      expect(Object.keys((data as object[])[0] ?? {})).toEqual(['id', 'title', 'kind', 'tags', 'lastOpened'])
    },
  ],
  sessions_create: [
    () => ({ title: 'Made by MCP' }),
    ({ data }) => expect(data).toMatchObject({ title: 'Made by MCP', kind: 'other' }),
  ],
  sessions_get: [
    () => ({ id: target.id }),
    ({ data }) => expect(data).toMatchObject({ id: target.id, title: 'MCP target' }),
  ],
  sessions_update: [
    () => ({ id: target.id, status: 'mixing' }),
    ({ data, text }) => {
      expect(data).toMatchObject({ status: 'mixing', notes: 'n' })
      expect(text).toBe(
        `${target.id} title="MCP target" kind=other status=mixing tags=["a","b"] lastOpened=${(data as Session).lastOpened}`,
      )
    },
  ],
  tags_get: [() => ({ id: target.id }), ({ data }) => expect(data).toEqual({ id: target.id, tags: ['a', 'b'] })],
  tags_replace: [
    () => ({ id: target.id, tags: ['b', 'c'] }),
    ({ data }) => expect(data).toEqual({ id: target.id, tags: ['b', 'c'] }),
  ],
  tags_add: [
    () => ({ id: target.id, tags: ['d'] }),
    ({ data }) => expect(data).toEqual({ id: target.id, tags: ['b', 'c', 'd'] }),
  ],
  tags_remove: [
    () => ({ id: target.id, tags: ['c'] }),
    ({ data }) => expect(data).toEqual({ id: target.id, tags: ['b', 'd'] }),
  ],
  notes_get: [() => ({ id: target.id }), ({ data }) => expect(data).toEqual({ id: target.id, notes: 'n' })],
  notes_set: [
    () => ({ id: target.id, notes: 'set' }),
    ({ data }) => expect(data).toEqual({ id: target.id, notes: 'set' }),
  ],
  notes_clear: [() => ({ id: target.id }), ({ data }) => expect(data).toEqual({ id: target.id, notes: '' })],
  preview: [() => ({ id: withPreview.id }), ({ data }) => expect(data).toMatchObject({ id: withPreview.id })],
  waveform: [
    () => ({ id: withPreview.id }),
    ({ data }) =>
      expect(data).toMatchObject({ sessionId: withPreview.id, waveform: { bucketCount: expect.any(Number) } }),
  ],
  waveform_notes_replace: [
    () => ({ id: withPreview.id, notes: [{ timestamp: 0, text: 'drop' }] }),
    ({ data }) => expect(data).toMatchObject({ sessionId: withPreview.id, notes: [{ timestamp: 0, text: 'drop' }] }),
  ],
  imports_start: [
    () => ({ items: [{ projectPath: '/music/mcp-start.als' }] }),
    ({ data }) => expect(data).toMatchObject({ importId: expect.any(String), total: 1 }),
  ],
  imports_start_and_wait: [
    () => ({ items: [{ projectPath: '/music/mcp-wait.als', title: 'Waited' }], timeout: 30 }),
    ({ data }) => expect(data).toMatchObject([{ title: 'Waited', projectPath: '/music/mcp-wait.als' }]),
  ],
  tag_counts: [() => ({}), ({ data }) => expect(data).toEqual(expect.arrayContaining([{ tag: 'b', count: 1 }]))],
  sessions_delete: [() => ({ id: target.id }), ({ data }) => expect(data).toMatchObject({ id: target.id })],
}

describe('the tools: one per operation of the contract (a PUT and its PATCH twin as one) and the CLI conveniences', () => {
  it('lists each with its contract summary, input and output schemas and annotations; no PATCH twin', async () => {
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(CALLS).sort())
    expect(tools.map((tool) => tool.name)).not.toContain('tags_patch')
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.annotations).toMatchObject({ openWorldHint: false, readOnlyHint: expect.any(Boolean) })
    }
    const list = tools.find((tool) => tool.name === 'sessions_list')
    expect(list?.description).toMatch(/^Returns sessions, optionally filtered/)
    expect(list?.inputSchema.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 })
    expect(list?.inputSchema.properties?.offset).toMatchObject({ type: 'integer', minimum: 0 })
    expect(list?.inputSchema.properties?.fields).toMatchObject({
      type: 'array',
      items: { enum: expect.arrayContaining(['*', 'id', 'notes']) },
    })
    const remove = tools.find((tool) => tool.name === 'sessions_delete')
    expect(remove?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    expect(tools.find((tool) => tool.name === 'tags_replace')?.annotations?.destructiveHint).toBe(true)
  })

  for (const [name, [args, check]] of Object.entries(CALLS)) {
    it(`${name} answers the mock's validated answer as structuredContent`, async () => {
      const result = await call(mcp, name, args())
      expect(result.isError, result.text).toBeFalsy()
      check(result)
    })
  }

  it('descriptions are written for a model: no rule ids, no sentence said twice', async () => {
    const { tools } = await (await connect(mock())).listTools()
    const listed = JSON.stringify(tools)
    expect(listed).not.toMatch(/\(D\d|§|DECISIONS/)
    expect(tools.find((tool) => tool.name === 'sessions_create')?.description).toBe(
      'Creates a session. Needs full-automation mode.',
    )
    expect(tools.every((tool) => tool.outputSchema === undefined && tool.execution === undefined)).toBe(true)
  })

  it('an argument its schema refuses is a tool error naming the field and what it takes; nothing is sent', async () => {
    const before = mock().api.journal().length
    const refused = async (args: Record<string, unknown>) => {
      const result = await call(mcp, 'sessions_list', args)
      expect(result.isError).toBe(true)
      return result.text
    }
    expect(await refused({ limit: 0 })).toBe('limit: must be ≥ 1\nWhat to do: Change the input as the message says.')
    expect(await refused({ limit: 101 })).toMatch(/^limit: must be ≤ 100\n/)
    expect(await refused({ sort: 'size' })).toMatch(/^sort: must be one of title, lastOpened, kind, status, -title/)
    expect(await refused({ fields: ['id', 'colour'] })).toMatch(
      /^fields\[1\]: must be one of \*, id, title, kind, status/,
    )
    expect(await refused({ colour: 'red' })).toMatch(/^colour: is not an argument of this tool \(q, kind, .*fields\)/)
    expect(await refused({ limit: 'ten' })).toMatch(/^limit: must be a number\n/)
    expect(await refused({ recent: 'yes' })).toMatch(/^recent: must be a boolean\n/)
    expect((await call(mcp, 'sessions_get', {})).text).toMatch(/^id: is missing\n/)
    expect(mock().api.journal()).toHaveLength(before)
  })

  it('fields picks the fields of each session (id always); ["*"] gives whole sessions; a get is whole by default', async () => {
    const titles = await call(mcp, 'sessions_list', { limit: 3, fields: ['title'] })
    expect(titles.data).toEqual([expect.any(Object), expect.any(Object), expect.any(Object)])
    for (const item of titles.data as object[]) expect(Object.keys(item)).toEqual(['id', 'title'])
    expect(titles.text.split('\n').slice(1)).toEqual(
      (titles.data as Session[]).map(
        ({ id, title }) => `${id} title=${JSON.stringify(title).replace(/^"(\S+)"$/, '$1')}`,
      ),
    )
    const whole = await call(mcp, 'sessions_list', { limit: 1, fields: ['*'] })
    expect(Object.keys((whole.data as object[])[0] ?? {})).toContain('previews')
    expect(Object.keys((await call(mcp, 'sessions_get', { id: withPreview.id })).data as object)).toContain('notes')
    const picked = await call(mcp, 'sessions_get', { id: withPreview.id, fields: ['notes'] })
    expect(picked.data).toEqual({ id: withPreview.id, notes: expect.any(String) })
  })

  it('pages of 20 by default; past the end it says so and offers no next page', async () => {
    const page = await call(mcp, 'sessions_list', {})
    expect((page.structuredContent as { meta: { limit: number } }).meta.limit).toBe(20)
    const past = await call(mcp, 'sessions_list', { offset: 1000 })
    expect(past.text).toMatch(/^none: offset 1000 is past the last of \d+$/)
  })

  it('an unknown id is a tool error naming not_found, with what to do', async () => {
    const result = await call(mcp, 'sessions_get', { id: 'ses_nope' })
    expect(result.isError).toBe(true)
    expect(result.text).toMatch(/^404 not_found: [\s\S]*What to do: Check the id/)
  })

  it('every tool is listed and has a call in this file', () => {
    expect(allTools.map((tool) => tool.name).sort()).toEqual(Object.keys(CALLS).sort())
  })
})
