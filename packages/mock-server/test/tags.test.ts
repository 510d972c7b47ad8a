import { LIMITS } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError } from './support/harness.js'
import { libraryOf } from './support/library.js'

const library = () => libraryOf([{ id: 'ses_a', tags: ['old'], notes: 'old notes' }])

describeTransports('D6 tags', (start) => {
  it('SPEC §4.8: GET tags answers {id, tags}', async () => {
    const h = await start({ library: library() })
    const { data } = await expectAnswer(await h.fetch('/api/v1/sessions/ses_a/tags'), 'tags.get')
    expect(data).toEqual({ id: 'ses_a', tags: ['old'] })
  })

  for (const method of ['PUT', 'PATCH'] as const) {
    it(`D6: ${method} replaces the list; tags trimmed, duplicates dropped keeping the first, order kept`, async () => {
      const h = await start({ library: library() })
      const response = await h.fetch('/api/v1/sessions/ses_a/tags', { method, json: { tags: [' b', 'a', 'b ', 'B'] } })
      const { data } = await expectAnswer(response, method === 'PUT' ? 'tags.put' : 'tags.patch')
      expect(data).toEqual({ id: 'ses_a', tags: ['b', 'a', 'B'] })
      expect((await (await h.fetch('/api/v1/sessions/ses_a')).json()).data.tags).toEqual(['b', 'a', 'B'])
    })
  }

  it('D6: a tag of 64 characters is accepted, 65, empty or with a comma are 400', async () => {
    const h = await start({ library: library() })
    const put = (tags: string[]) => h.fetch('/api/v1/sessions/ses_a/tags', { method: 'PUT', json: { tags } })
    await expectAnswer(await put(['t'.repeat(LIMITS.tagLength)]), 'tags.put')
    for (const tag of ['t'.repeat(LIMITS.tagLength + 1), '  ', 'a,b']) {
      await expectError(await put([tag]), 'invalid_json', /^tags\[0\]: /, 400)
    }
  })

  it('D6: 100 distinct tags are accepted (duplicates not counted), 101 are 400', async () => {
    const h = await start({ library: library() })
    const put = (tags: string[]) => h.fetch('/api/v1/sessions/ses_a/tags', { method: 'PUT', json: { tags } })
    const hundred = Array.from({ length: LIMITS.tagsPerSession }, (_, i) => `t${i}`)
    const { data } = await expectAnswer(await put([...hundred, 't0', 't1']), 'tags.put')
    expect(data.tags).toHaveLength(100)
    await expectError(await put([...hundred, 'one-more']), 'invalid_json', /at most 100 distinct tags/, 400)
  })

  it('D6: tags compare case-sensitively in the list filter', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a', tags: ['Drums'] }]) })
    expect((await (await h.fetch('/api/v1/sessions?tags=drums')).json()).meta.total).toBe(0)
    expect((await (await h.fetch('/api/v1/sessions?tags=Drums')).json()).meta.total).toBe(1)
  })
})
