import { describe, expect, it } from 'vitest'
import type { Probed } from '../../probe/probe.js'
import { listBehaviour } from './read-probes.js'

const row = (id: string, title: string, kind = 'ableton', tags: string[] = ['drums']) => ({ id, title, kind, tags })
const answered = (data: unknown[], meta: Record<string, number>): Probed => ({
  operation: 'sessions.list',
  request: 'GET /sessions',
  status: 200,
  body: { data, meta },
  departures: [],
})
const found = (query: string, probed: Probed) =>
  listBehaviour(query, probed).map(({ path, detail, expected, actual }) => ({ path, detail, expected, actual }))

describe('listBehaviour: the list does what D9–D11 say', () => {
  it('reports nothing for a page in order, within its limit, filtered', () => {
    const page = answered([row('b', 'alpha'), row('a', 'Beta')], { total: 2, limit: 2, offset: 0 })
    expect(found('sort=title&limit=2&kind=ableton&tags=drums', page)).toEqual([])
  })

  it('D9: reports a limit not applied, a wrong offset and sessions past the end', () => {
    const page = answered([row('a', 'x'), row('b', 'y')], { total: 2, limit: 50, offset: 0 })
    expect(found('sort=title&limit=1&offset=5', page)).toEqual([
      { path: 'meta.limit', detail: 'D9: the limit applied (default 50, at most 500)', expected: '1', actual: '50' },
      { path: 'meta.offset', detail: 'D9: the offset asked', expected: '5', actual: '0' },
      { path: 'data', detail: 'D9: at most limit sessions', expected: '≤ 1', actual: '2' },
      { path: 'data', detail: 'D9: an offset past the end gives no session', expected: '0', actual: '2' },
    ])
  })

  it('D10, D11: reports the first session out of order (ties on id), of another kind, without a tag', () => {
    const meta = { total: 2, limit: 50, offset: 0 }
    expect(found('sort=-title', answered([row('a', 'alpha'), row('b', 'Beta')], meta))[0]).toMatchObject({
      path: 'data[1]',
      detail: 'D10: sorted by -title, ties on id',
    })
    expect(found('sort=title', answered([row('b', 'same'), row('a', 'Same')], meta))[0]?.path).toBe('data[1]')
    expect(found('sort=title&daw=logic', answered([row('a', 'x')], meta))[0]).toMatchObject({ path: 'data[0].kind' })
    expect(found('sort=title&tags=drums,vox', answered([row('a', 'x')], meta))[0]).toMatchObject({
      path: 'data[0].tags',
      expected: 'vox',
    })
  })
})
