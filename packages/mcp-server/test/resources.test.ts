import { describe, expect, it } from 'vitest'
import { connect, useMock } from './connect.js'

const textOf = (read: { contents: ({ text: string } | { blob: string })[] }) =>
  JSON.parse(read.contents.map((part) => ('text' in part ? part.text : '')).join(''))

const mock = useMock()

describe('resources: each session by URI (ids completed) and the tag counts', () => {
  it('lists the template, reads a session, completes ids and reads the tag counts', async () => {
    const mcp = await connect(mock())
    const { resourceTemplates } = await mcp.listResourceTemplates()
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['session-library://sessions/{id}'])
    const [first] = mock().api.snapshot().sessions
    const id = first?.id ?? ''
    const { resources } = await mcp.listResources()
    expect(resources.map((resource) => resource.uri)).toContain(`session-library://sessions/${id}`)
    const read = await mcp.readResource({ uri: `session-library://sessions/${id}` })
    expect(textOf(read)).toMatchObject({ id, title: first?.title })
    const completed = await mcp.complete({
      ref: { type: 'ref/resource', uri: 'session-library://sessions/{id}' },
      argument: { name: 'id', value: id.slice(0, 6) },
    })
    expect(completed.completion.values).toContain(id)
    expect(completed.completion.values.every((value) => value.startsWith(id.slice(0, 6)))).toBe(true)
    const tags = await mcp.readResource({ uri: 'session-library://tags' })
    expect(textOf(tags)).toEqual(expect.arrayContaining([expect.objectContaining({ count: expect.any(Number) })]))
  })
})

describe('resources/list pages through the sessions with cursors', () => {
  const large = useMock({ sessions: 120 })

  it('lists the tag counts and 50 sessions, then the next pages by nextCursor, each session once', async () => {
    const mcp = await connect(large())
    const first = await mcp.listResources()
    expect(first.resources).toHaveLength(51)
    expect(first.resources[0]?.uri).toBe('session-library://tags')
    const uris = first.resources.map((resource) => resource.uri)
    let cursor = first.nextCursor
    while (cursor) {
      const page = await mcp.listResources({ cursor })
      uris.push(...page.resources.map((resource) => resource.uri))
      cursor = page.nextCursor
    }
    expect(uris).toHaveLength(121)
    expect(new Set(uris).size).toBe(121)
    await expect(mcp.listResources({ cursor: 'nonsense' })).rejects.toThrow(/invalid cursor/)
  })
})

describe("completion of session ids: the first 500 sessions scanned, 100 offered (the protocol's limit)", () => {
  const large = useMock({ sessions: 501 })

  it('offers 100 of the 500 ids that match, and says there are more', async () => {
    const mcp = await connect(large())
    const { completion } = await mcp.complete({
      ref: { type: 'ref/resource', uri: 'session-library://sessions/{id}' },
      argument: { name: 'id', value: 'ses_' },
    })
    expect(completion).toMatchObject({ total: 500, hasMore: true })
    expect(completion.values).toHaveLength(100)
  })
})
