import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from '../../../test/support/cli.js'

const mock = useMock({ sessions: 6 })
const run = (args: string[], stdin?: string) => runCli(args, { env: mock.env(), ...(stdin !== undefined && { stdin }) })
const { stored, created } = mock

describe('tags put, patch, add and remove', () => {
  it('tags put / patch replace the list (D6); tags add / remove change it through the SDK', async () => {
    const { id } = await created('Tagged')
    expect(json(await run(['tags', 'put', id, '--tags', 'a', '--tags', 'b', '--json']))).toEqual({
      id,
      tags: ['a', 'b'],
    })
    expect(json(await run(['tags', 'patch', id, '--body', '{"tags":["c"]}', '--json']))).toEqual({ id, tags: ['c'] })
    expect(json(await run(['tags', 'add', id, 'd', 'e', '--json']))).toEqual({ id, tags: ['c', 'd', 'e'] })
    const none = await run(['tags', 'add', id])
    expect(none).toMatchObject({ code: 2, stdout: '' })
    expect(none.stderr).toMatch(/^error: missing <tag>\n/)
    const removed = await run(['tags', 'remove', id, 'c', 'e'])
    expect(removed.stdout).toMatch(/^tags\s+d$/m)
    expect(stored(id)?.tags).toEqual(['d'])
  })

  it('tags add ID "a,b": the problem names the argument as typed, not an index into the merged list; nothing sent', async () => {
    const { id } = await created('Tagged')
    await run(['tags', 'put', id, '--tags', 'a,b,c'])
    const before = mock.server().api.journal().length
    const ran = await run(['tags', 'add', id, 'x', 'a,b'])
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(/^error: <tag> 'a,b': .*comma/)
    expect(ran.stderr).not.toContain('tags[')
    expect(mock.server().api.journal()).toHaveLength(before)
  })
})
