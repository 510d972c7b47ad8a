import { SessionLibrary } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { createServer, selectTools } from '../src/index.js'
import { type Asker, call, connect, connectClient, TOKEN, useMock } from './connect.js'

const mock = useMock()

const created = async (asker?: Asker) => {
  const mcp = await connect(mock(), {}, asker)
  const { data } = await call(mcp, 'sessions_create', { title: 'Asked about', tags: ['keep', 'drop'], notes: 'n' })
  return { mcp, id: (data as { id: string }).id }
}
const exists = (id: string) =>
  mock()
    .api.snapshot()
    .sessions.some((session) => session.id === id)

describe('safe by default: read-only, refusals as tool errors, asking before losing data', () => {
  it('--read-only offers only reads; --tools and --groups filter; an unknown name is a usage error', () => {
    const reads = selectTools({ readOnly: true })
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.every((tool) => tool.annotations.readOnlyHint)).toBe(true)
    expect(reads.map((tool) => tool.name)).not.toContain('tags_replace')
    expect(selectTools({ groups: ['tags'] }).map((tool) => tool.name)).toEqual([
      'tags_get',
      'tags_replace',
      'tags_add',
      'tags_remove',
    ])
    expect(selectTools({ tools: ['sessions_list'], readOnly: true }).map((tool) => tool.name)).toEqual([
      'sessions_list',
    ])
    expect(() => selectTools({ tools: ['sessions_lst'] })).toThrow(
      "unknown tool 'sessions_lst' (did you mean 'sessions_list'?)",
    )
    expect(() => selectTools({ groups: ['tag'] })).toThrow(/unknown group 'tag'/)
  })

  it("the API's 403 read_only is a tool error with status, code, message and what to do (D1)", async () => {
    const { mcp, id } = await created()
    mock().api.setMode('read-only')
    try {
      const result = await call(mcp, 'tags_replace', { id, tags: ['keep', 'drop', 'new'] })
      expect(result.isError).toBe(true)
      expect(result.text).toMatch(/^403 read_only: .+\nWhat to do: .*full-automation/)
    } finally {
      mock().api.setMode('full-automation')
    }
  })

  it('a 501 of a missing service is a tool error saying there is nothing to retry', async () => {
    const mcp = await connect(mock())
    const [session] = mock().api.snapshot().sessions
    mock().api.setServiceAvailable('waveform', false)
    try {
      const result = await call(mcp, 'waveform', { id: session?.id })
      expect(result.isError).toBe(true)
      expect(result.text).toMatch(/^501 waveform_unavailable: [\s\S]*What to do: This service is not available/)
    } finally {
      mock().api.setServiceAvailable('waveform', true)
    }
  })

  it('asks through elicitation before a delete; "no" sends nothing, "yes" deletes', async () => {
    const asker: Asker = { asked: [], answer: { action: 'accept', content: { confirm: false } } }
    const { mcp, id } = await created(asker)
    const refused = await call(mcp, 'sessions_delete', { id })
    expect(asker.asked).toEqual([`Delete session “Asked about” (${id})?`])
    expect(refused).toMatchObject({ isError: true })
    expect(refused.text).toMatch(/^cancelled by the user; nothing was changed/)
    expect(exists(id)).toBe(true)
    asker.answer = { action: 'accept', content: { confirm: true } }
    expect((await call(mcp, 'sessions_delete', { id })).isError).toBeFalsy()
    expect(exists(id)).toBe(false)
  })

  it('asks only when the request loses data it did not name (tags dropped, notes cleared); declined is refused', async () => {
    const asker: Asker = { asked: [], answer: { action: 'decline' } }
    const { mcp, id } = await created(asker)
    expect((await call(mcp, 'tags_replace', { id, tags: ['keep', 'drop', 'more'] })).isError).toBeFalsy()
    expect((await call(mcp, 'tags_remove', { id, tags: ['drop'] })).isError).toBeFalsy()
    expect(asker.asked).toEqual([])
    expect((await call(mcp, 'tags_replace', { id, tags: [] })).isError).toBe(true)
    expect((await call(mcp, 'notes_clear', { id })).isError).toBe(true)
    expect(asker.asked).toEqual([
      `Remove the tags keep, more of session “Asked about” (${id})?`,
      `Clear the notes of session “Asked about” (${id})?`,
    ])
    expect(
      mock()
        .api.snapshot()
        .sessions.find((session) => session.id === id),
    ).toMatchObject({
      tags: ['keep', 'more'],
      notes: 'n',
    })
  })

  it('D6, D7: sessions_update that drops tags or clears notes is refused without elicitation, with nothing changed', async () => {
    const { mcp, id } = await created()
    for (const args of [{ tags: [] }, { notes: '' }, { tags: ['keep'], notes: '' }]) {
      const refused = await call(mcp, 'sessions_update', { id, ...args })
      expect(refused.isError).toBe(true)
      expect(refused.text).toMatch(/^refused: (Remove the tags|Clear the notes)/)
    }
    const stored = mock()
      .api.snapshot()
      .sessions.find((session) => session.id === id)
    expect(stored).toMatchObject({ tags: ['keep', 'drop'], notes: 'n' })
    expect(
      (await call(mcp, 'sessions_update', { id, title: 'Renamed', tags: ['keep', 'drop', 'new'] })).isError,
    ).toBeFalsy()
  })

  it('every tool that can remove data is annotated destructive; the others are not', async () => {
    const { mcp } = await created()
    const { tools } = await mcp.listTools()
    const destructive = tools.filter((tool) => tool.annotations?.destructiveHint).map((tool) => tool.name)
    expect(destructive.sort()).toEqual(
      [
        'notes_clear',
        'notes_set',
        'sessions_delete',
        'sessions_update',
        'tags_remove',
        'tags_replace',
        'waveform_notes_replace',
      ].sort(),
    )
  })

  it('without elicitation it refuses a destructive call unless started with --yes', async () => {
    const { mcp, id } = await created()
    const refused = await call(mcp, 'sessions_delete', { id })
    expect(refused.text).toMatch(
      /^refused: Delete session “Asked about” \(\S+\)\? The client cannot ask the user \(no elicitation\); start the server with --yes/,
    )
    expect(exists(id)).toBe(true)
    const yes = await connect(mock(), { yes: true })
    expect((await call(yes, 'sessions_delete', { id })).isError).toBeFalsy()
    expect(exists(id)).toBe(false)
  })
})

describe('what to do, from the kind of failure', () => {
  it("a base URL without /api/v1 gets the SDK's hint, not advice about the id", async () => {
    const client = new SessionLibrary({ baseUrl: mock().url.replace(/\/api\/v1$/, ''), token: TOKEN, retry: 0 })
    const mcp = await connectClient(createServer({ client, token: TOKEN }))
    const result = await call(mcp, 'sessions_get', { id: 'ses_1' })
    expect(result.isError).toBe(true)
    expect(result.text).toMatch(
      /\nWhat to do: the base URL may lack \/api\/v1: try http:\/\/127\.0\.0\.1:\d+\/api\/v1$/,
    )
    expect(result.text).not.toMatch(/Check the id/)
  })

  it('no answer at all says the API does not answer and how to start or point at it', async () => {
    const client = new SessionLibrary({ baseUrl: 'http://127.0.0.1:9/api/v1', token: TOKEN, retry: 0 })
    const result = await call(await connectClient(createServer({ client, token: TOKEN })), 'health')
    expect(result.text).toMatch(
      /network error[\s\S]*\nWhat to do: The API does not answer: start the Session Library application/,
    )
  })
})
