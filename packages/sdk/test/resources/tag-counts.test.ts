import { expect, it } from 'vitest'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('tagCounts.list: client.tagCounts() counts the sessions of each tag', async () => {
    const created = await client().sessions.create({ title: 'Counted', tags: ['counted-tag'] })
    const counts = await client().tagCounts()
    expect(counts.find((count) => count.tag === 'counted-tag')).toEqual({ tag: 'counted-tag', count: 1 })
    await client().sessions.delete(created.id)
    expect((await client().tagCounts()).find((count) => count.tag === 'counted-tag')).toBeUndefined()
  })
})
