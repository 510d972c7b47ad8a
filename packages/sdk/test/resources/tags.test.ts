import { expect, it } from 'vitest'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ api, client }) => {
  it('tags.put and tags.get: replace, add, remove and get the tags of a session', async () => {
    const { id } = await client().sessions.create({ title: 'Tags', tags: ['sdk'] })
    await expect(client().tags.replace(id, ['a', 'b'])).resolves.toEqual({ id, tags: ['a', 'b'] })
    await expect(client().tags.add(id, ['b', 'c'])).resolves.toMatchObject({ tags: ['a', 'b', 'c'] })
    await expect(client().tags.remove(id, ['a'])).resolves.toMatchObject({ tags: ['b', 'c'] })
    await expect(client().tags.get(id)).resolves.toEqual({ id, tags: ['b', 'c'] })
  })

  it('tags.add is a read then a write; withResponse gives the write answer', async () => {
    const { id } = await client().sessions.create({ title: 'Tags' })
    const before = api().journal().length
    const { data, response } = await client().tags.add(id, ['x']).withResponse()
    expect([data.tags, response.status]).toEqual([['x'], 200])
    expect(
      api()
        .journal()
        .slice(before)
        .map((entry) => `${entry.method} ${entry.operation}`),
    ).toEqual(['GET tags.get', 'PUT tags.put'])
  })
})
