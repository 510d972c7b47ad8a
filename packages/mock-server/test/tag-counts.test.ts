import { expect, it } from 'vitest'
import { describeTransports, expectAnswer } from './support/harness.js'
import { libraryOf } from './support/library.js'

describeTransports('D16 tag counts', (start) => {
  it('D16: counts each tag across sessions, count descending then tag ascending', async () => {
    const h = await start({
      library: libraryOf([{ tags: ['b', 'a', 'c'] }, { tags: ['c', 'b'] }, { tags: ['c', 'd'] }, { tags: [] }]),
    })
    const { data } = await expectAnswer(await h.fetch('/api/v1/tags'), 'tagCounts.list')
    expect(data).toEqual([
      { tag: 'c', count: 3 },
      { tag: 'b', count: 2 },
      { tag: 'a', count: 1 },
      { tag: 'd', count: 1 },
    ])
  })

  it('D16: an empty library has no tags; counts follow changes', async () => {
    const h = await start({ sessions: 0 })
    expect((await expectAnswer(await h.fetch('/api/v1/tags'), 'tagCounts.list')).data).toEqual([])
    await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A', tags: ['x'] } })
    expect((await expectAnswer(await h.fetch('/api/v1/tags'), 'tagCounts.list')).data).toEqual([{ tag: 'x', count: 1 }])
  })
})
