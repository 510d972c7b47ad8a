import { LIMITS, NOT_FOUND_MESSAGES, SESSION_DEFAULTS } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { createMockApi } from '../src/index.js'
import { describeTransports, expectAnswer, expectError, NOW } from './support/harness.js'
import { libraryOf } from './support/library.js'

const create = (json: unknown) => ({ method: 'POST', json })
const DAY = 86_400_000
const ago = (days: number, ms = 0) => new Date(Date.parse('2026-11-21T10:00:00.000Z') - days * DAY - ms).toISOString()
const list = async (h: { fetch: (path: string) => Promise<Response> }, query = '') =>
  expectAnswer(await h.fetch(`/api/v1/sessions${query}`), 'sessions.list')
const ids = async (h: { fetch: (path: string) => Promise<Response> }, query = '') =>
  (await list(h, query)).data.map((s: { id: string }) => s.id)

describeTransports('D9 paging', (start) => {
  it('D9: limit defaults to 50 and offset to 0; meta reports them and the total', async () => {
    const h = await start({ sessions: 60 })
    const body = await list(h)
    expect(body.meta).toEqual({ total: 60, limit: LIMITS.listLimitDefault, offset: 0 })
    expect(body.data).toHaveLength(50)
  })

  it('D9: limit 500 is applied as is; 501 is clamped to 500', async () => {
    const h = await start({ sessions: 2 })
    expect((await list(h, '?limit=500')).meta.limit).toBe(500)
    expect((await list(h, '?limit=501')).meta.limit).toBe(LIMITS.listLimitMax)
  })

  it('D9: limit 1 is the smallest; 0, -1, 1.5, 1e2, " 1" and "" are 400', async () => {
    const h = await start({ sessions: 2 })
    expect((await list(h, '?limit=1')).data).toHaveLength(1)
    for (const limit of ['0', '-1', '1.5', '1e2', '%201', '', 'ten']) {
      await expectError(await h.fetch(`/api/v1/sessions?limit=${limit}`), 'invalid_json', /^limit: /, 400)
    }
  })

  it('D9: offset 0 is the smallest, -1 is 400; past the end gives data [] with the total', async () => {
    const h = await start({ sessions: 3 })
    await expectError(await h.fetch('/api/v1/sessions?offset=-1'), 'invalid_json', /^offset: /, 400)
    expect((await list(h, '?offset=3')).data).toEqual([])
    expect((await list(h, '?offset=99')).meta).toEqual({ total: 3, limit: 50, offset: 99 })
  })

  it('D9: limit and offset up to 9007199254740991 are read exactly; above it they are 400, never rounded', async () => {
    const h = await start({ sessions: 3 })
    const max = `${Number.MAX_SAFE_INTEGER}`
    const page = await list(h, `?limit=${max}&offset=${max}`)
    expect(page.meta).toEqual({ total: 3, limit: LIMITS.listLimitMax, offset: Number.MAX_SAFE_INTEGER })
    expect(page.data).toEqual([])
    for (const value of ['9007199254740992', '9007199254740993', '99999999999999999999']) {
      for (const [name, query] of [
        ['limit', `?limit=${value}`],
        ['offset', `?limit=1&offset=${value}`],
      ]) {
        const refused = await h.fetch(`/api/v1/sessions${query}`)
        await expectError(refused, 'invalid_json', new RegExp(`^${name}: .*at most ${max}$`), 400)
      }
    }
  })

  it('D9: pages never overlap or skip', async () => {
    const h = await start({ sessions: 25 })
    const all = await ids(h, '?limit=500')
    const pages: string[] = []
    for (let offset = 0; offset < 25; offset += 7) pages.push(...(await ids(h, `?limit=7&offset=${offset}`)))
    expect(pages).toEqual(all)
  })

  it('D9: a repeated parameter is 400', async () => {
    const h = await start()
    await expectError(await h.fetch('/api/v1/sessions?limit=1&limit=2'), 'invalid_json', 'limit: must be given once')
  })
})

describeTransports('D10 sort', (start) => {
  const library = () =>
    libraryOf([
      { id: 'c', title: 'beta', kind: 'reaper', status: 'idea', lastOpened: ago(1) },
      { id: 'a', title: 'Alpha', kind: 'logic', status: 'done', lastOpened: ago(3) },
      { id: 'b', title: 'BETA', kind: 'logic', status: 'mixing', lastOpened: ago(1) },
    ])

  it('D10: the default order is -lastOpened with ties on id ascending', async () => {
    const h = await start({ library: library() })
    expect(await ids(h)).toEqual(['b', 'c', 'a'])
  })

  it('D10: title sorts case-insensitively, ties on id ascending in both directions', async () => {
    const h = await start({ library: library() })
    expect(await ids(h, '?sort=title')).toEqual(['a', 'b', 'c'])
    expect(await ids(h, '?sort=-title')).toEqual(['b', 'c', 'a'])
  })

  it('D10: kind, status and lastOpened sort ascending, and descending with -', async () => {
    const h = await start({ library: library() })
    expect(await ids(h, '?sort=kind')).toEqual(['a', 'b', 'c'])
    expect(await ids(h, '?sort=-kind')).toEqual(['c', 'a', 'b'])
    expect(await ids(h, '?sort=status')).toEqual(['a', 'c', 'b'])
    expect(await ids(h, '?sort=lastOpened')).toEqual(['a', 'b', 'c'])
  })

  it('D10: an unknown sort key is 400 and the message lists the allowed keys', async () => {
    const h = await start()
    for (const sort of ['name', '--title', '+title', '']) {
      const response = await h.fetch(`/api/v1/sessions?sort=${sort}`)
      await expectError(response, 'invalid_json', /^sort: must be one of title, lastOpened, kind, status/, 400)
    }
  })
})

describeTransports('D11 filters', (start) => {
  const library = () =>
    libraryOf([
      { id: 'a', title: 'Night Drive', client: 'Northwind', notes: '', kind: 'ableton', tags: ['drums', 'vox'] },
      { id: 'b', title: 'Harbor', client: 'Blue Room', notes: 'night shift mix', kind: 'logic', tags: ['drums'] },
      { id: 'c', title: 'Fields', client: 'NIGHTHAWK', notes: '', kind: 'ableton', tags: ['vox'] },
    ])

  it('D11: q is a case-insensitive substring of title, client or notes; client is never returned', async () => {
    const h = await start({ library: library() })
    expect(await ids(h, '?q=NIGHT')).toEqual(['a', 'b', 'c'])
    expect(await ids(h, '?q=northwind')).toEqual(['a'])
    expect(await ids(h, '?q=shift')).toEqual(['b'])
    const body = await list(h, '?q=northwind')
    expect(body.data[0]).not.toHaveProperty('client')
  })

  it('D11: q finds a text whatever its Unicode normal form: café typed NFC finds an NFD title (macOS) and back', async () => {
    const nfd = 'Cafe\u0301 Session'
    const h = await start({
      library: libraryOf([
        { id: 'a', title: nfd, client: '', notes: '' },
        { id: 'b', title: 'Other', client: 'CAF\u00c9', notes: '' },
      ]),
    })
    expect(await ids(h, `?q=${encodeURIComponent('caf\u00e9')}`)).toEqual(['a', 'b'])
    expect(await ids(h, `?q=${encodeURIComponent('cafe\u0301')}`)).toEqual(['a', 'b'])
    expect((await list(h, '?q=session')).data[0].title).toBe(nfd)
  })

  it('D11: kind and its alias daw match exactly; both given and equal is fine, different is 400', async () => {
    const h = await start({ library: library() })
    expect(await ids(h, '?kind=ableton')).toEqual(['a', 'c'])
    expect(await ids(h, '?daw=logic')).toEqual(['b'])
    expect(await ids(h, '?kind=Ableton')).toEqual([])
    expect(await ids(h, '?kind=logic&daw=logic')).toEqual(['b'])
    await expectError(
      await h.fetch('/api/v1/sessions?kind=logic&daw=ableton'),
      'invalid_json',
      'daw: must equal kind when both are given',
    )
  })

  it('D11: tags are comma-separated and/or repeated and a session must carry all of them', async () => {
    const h = await start({ library: library() })
    expect(await ids(h, '?tags=drums')).toEqual(['a', 'b'])
    expect(await ids(h, '?tags=drums,vox')).toEqual(['a'])
    expect(await ids(h, '?tags=drums&tags=vox')).toEqual(['a'])
    expect(await ids(h, '?tags=drums,%20vox%20')).toEqual(['a'])
  })

  it('D11: filters combine with AND; unknown parameters are ignored', async () => {
    const h = await start({ library: library() })
    expect(await ids(h, '?kind=ableton&tags=vox&q=fields&whatever=1')).toEqual(['c'])
  })

  it('D11: recent=true/1 keeps sessions opened within the last 30 days, the edge included', async () => {
    const h = await start({
      library: libraryOf([
        { id: 'edge', lastOpened: ago(30) },
        { id: 'past', lastOpened: ago(30, 1) },
        { id: 'new', lastOpened: ago(0) },
      ]),
    })
    expect(await ids(h, '?recent=true&sort=title')).toEqual(['edge', 'new'])
    expect(await ids(h, '?recent=1&sort=title')).toEqual(['edge', 'new'])
    expect((await ids(h, '?recent=false')).sort()).toEqual(['edge', 'new', 'past'])
    expect(await ids(h, '?recent=0')).toHaveLength(3)
  })

  it('D11: recent is anything else is 400', async () => {
    const h = await start()
    for (const recent of ['yes', 'TRUE', '2', '']) {
      await expectError(await h.fetch(`/api/v1/sessions?recent=${recent}`), 'invalid_json', /^recent: /, 400)
    }
  })

  it('D11: the recent window is configurable and follows the mock clock', async () => {
    const h = await start({
      recentDays: 2,
      library: libraryOf([
        { id: 'a', lastOpened: ago(1) },
        { id: 'b', lastOpened: ago(3) },
      ]),
    })
    expect(await ids(h, '?recent=true')).toEqual(['a'])
    h.api.setNow(new Date(Date.parse('2026-11-21T10:00:00.000Z') + 2 * DAY))
    expect(await ids(h, '?recent=true')).toEqual([])
  })
})

describeTransports('D5 create', (start) => {
  it('D5: create applies the defaults and the server-set fields and answers 201', async () => {
    const h = await start({ sessions: 0 })
    const { data } = await expectAnswer(
      await h.fetch('/api/v1/sessions', create({ title: '  Night Drive ' })),
      'sessions.create',
    )
    expect(data).toMatchObject({ ...SESSION_DEFAULTS, title: 'Night Drive', lastOpened: NOW })
    expect(data).toMatchObject({ projectOriginalPath: '', previewStatus: 'none', preferredPreviewId: '', previews: [] })
    expect([data.previewUrl, data.previewAudioUrl, data.previewAudioMime]).toEqual(['', '', ''])
    expect(data).not.toHaveProperty('client')
  })

  it('D5: every written field is stored as sent; projectOriginalPath is the first projectPath', async () => {
    const h = await start({ sessions: 0 })
    const body = {
      title: 'T',
      kind: 'my-daw',
      status: 'custom',
      accent: '#A1b2C3',
      tags: ['x'],
      notes: 'n',
      projectPath: '/p.als',
    }
    const { data } = await expectAnswer(await h.fetch('/api/v1/sessions', create(body)), 'sessions.create')
    expect(data).toMatchObject({ ...body, projectOriginalPath: '/p.als' })
  })

  it('D5: a title of 200 characters is accepted, 201 is 400', async () => {
    const h = await start({ sessions: 0 })
    await expectAnswer(
      await h.fetch('/api/v1/sessions', create({ title: 'a'.repeat(LIMITS.titleLength) })),
      'sessions.create',
    )
    const over = await h.fetch('/api/v1/sessions', create({ title: 'a'.repeat(LIMITS.titleLength + 1) }))
    await expectError(over, 'invalid_json', 'title: must be at most 200 characters', 400)
  })

  it('D5: kind and status of 64 characters are accepted, 65 or empty are 400', async () => {
    const h = await start({ sessions: 0 })
    const long = 'k'.repeat(LIMITS.kindLength)
    await expectAnswer(
      await h.fetch('/api/v1/sessions', create({ title: 'A', kind: long, status: long })),
      'sessions.create',
    )
    for (const field of ['kind', 'status']) {
      for (const value of [`${long}k`, '']) {
        await expectError(
          await h.fetch('/api/v1/sessions', create({ title: 'A', [field]: value })),
          'invalid_json',
          new RegExp(`^${field}: `),
        )
      }
    }
  })

  it('D5: accent is "" or #rrggbb; anything else is 400', async () => {
    const h = await start({ sessions: 0 })
    for (const accent of ['', '#00ff00', '#ABCDEF']) {
      await expectAnswer(await h.fetch('/api/v1/sessions', create({ title: 'A', accent })), 'sessions.create')
    }
    for (const accent of ['red', '#fff', '#12345g', '00ff00']) {
      await expectError(await h.fetch('/api/v1/sessions', create({ title: 'A', accent })), 'invalid_json', /^accent: /)
    }
  })

  it('D5: ids are opaque, never reused after a delete, and continue from the library nextId', async () => {
    const h = await start({ sessions: 0 })
    const a = (await expectAnswer(await h.fetch('/api/v1/sessions', create({ title: 'A' })), 'sessions.create')).data.id
    await expectAnswer(await h.fetch(`/api/v1/sessions/${a}`, { method: 'DELETE' }), 'sessions.delete')
    const b = (await expectAnswer(await h.fetch('/api/v1/sessions', create({ title: 'A' })), 'sessions.create')).data.id
    expect(b).not.toBe(a)
    expect(h.api.snapshot().nextId).toBeGreaterThan(2)
  })
})

describe('D5 ids from the seed', () => {
  it('D5: the same seed gives the same ids, another seed other ids', () => {
    const ids = (seed: number) =>
      createMockApi({ seed, sessions: 5, now: NOW })
        .snapshot()
        .sessions.map((s) => s.id)
    expect(ids(7)).toEqual(ids(7))
    expect(ids(7)).not.toEqual(ids(8))
    expect(new Set(ids(7)).size).toBe(5)
  })
})

describeTransports('sessions get, D8 patch, delete', (start) => {
  it('SPEC §4.5: get answers the session; an unknown id is 404 session not found', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a', title: 'Alpha', client: 'Hidden Client' }]) })
    const { data } = await expectAnswer(await h.fetch('/api/v1/sessions/ses_a'), 'sessions.get')
    expect(data.title).toBe('Alpha')
    await expectError(await h.fetch('/api/v1/sessions/ses_zz'), 'not_found', NOT_FOUND_MESSAGES.session, 404)
  })

  it('SPEC §4.5: an id with a slash or unicode round-trips as one path segment', async () => {
    const h = await start({ library: libraryOf([{ id: 'a/b ü', title: 'Odd' }]) })
    const { data } = await expectAnswer(
      await h.fetch(`/api/v1/sessions/${encodeURIComponent('a/b ü')}`),
      'sessions.get',
    )
    expect(data.id).toBe('a/b ü')
  })

  it('D8: PATCH with {} is a no-op that answers 200 with the session', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a', title: 'Alpha' }]) })
    const before = h.api.snapshot()
    const { data } = await expectAnswer(
      await h.fetch('/api/v1/sessions/ses_a', { method: 'PATCH', json: {} }),
      'sessions.update',
    )
    expect(data.title).toBe('Alpha')
    expect(h.api.snapshot()).toEqual(before)
  })

  it('D8: PATCH changes only the fields it carries, under the create rules', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a', title: 'Alpha', notes: 'keep' }]) })
    const { data } = await expectAnswer(
      await h.fetch('/api/v1/sessions/ses_a', { method: 'PATCH', json: { title: ' Beta ', status: 'mixing' } }),
      'sessions.update',
    )
    expect(data).toMatchObject({ title: 'Beta', status: 'mixing', notes: 'keep' })
    await expectError(
      await h.fetch('/api/v1/sessions/ses_a', { method: 'PATCH', json: { title: '' } }),
      'invalid_json',
      /^title: /,
    )
  })

  it('D8: null is not a value of any session field', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a' }]) })
    for (const field of ['title', 'kind', 'status', 'accent', 'tags', 'notes', 'projectPath']) {
      const response = await h.fetch('/api/v1/sessions/ses_a', { method: 'PATCH', json: { [field]: null } })
      await expectError(response, 'invalid_json', new RegExp(`^${field}: `), 400)
    }
  })

  it('D5: projectOriginalPath is set by the first non-empty projectPath and kept after', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a' }]) })
    const patch = async (projectPath: string) =>
      (
        await expectAnswer(
          await h.fetch('/api/v1/sessions/ses_a', { method: 'PATCH', json: { projectPath } }),
          'sessions.update',
        )
      ).data
    expect((await patch('/first.als')).projectOriginalPath).toBe('/first.als')
    const moved = await patch('/moved.als')
    expect([moved.projectPath, moved.projectOriginalPath]).toEqual(['/moved.als', '/first.als'])
  })

  it('PATCH of an unknown session is 404', async () => {
    const h = await start()
    await expectError(
      await h.fetch('/api/v1/sessions/none', { method: 'PATCH', json: { title: 'A' } }),
      'not_found',
      NOT_FOUND_MESSAGES.session,
    )
  })

  it('SPEC §4.7: delete answers {deleted: true, id}; the session is gone; a second delete is 404', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_a' }, { id: 'ses_b' }]) })
    const { data } = await expectAnswer(
      await h.fetch('/api/v1/sessions/ses_a', { method: 'DELETE' }),
      'sessions.delete',
    )
    expect(data).toEqual({ deleted: true, id: 'ses_a' })
    await expectError(await h.fetch('/api/v1/sessions/ses_a'), 'not_found')
    await expectError(await h.fetch('/api/v1/sessions/ses_a', { method: 'DELETE' }), 'not_found')
    expect(h.api.snapshot().sessions.map((s) => s.id)).toEqual(['ses_b'])
  })
})
