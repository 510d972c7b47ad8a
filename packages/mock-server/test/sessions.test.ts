import { LIMITS, NOT_FOUND_MESSAGES, SESSION_DEFAULTS } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { createMockApi } from '../src/index.js'
import { describeTransports, expectAnswer, expectError, NOW } from './support/harness.js'
import { libraryOf } from './support/library.js'

const create = (json: unknown) => ({ method: 'POST', json })

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
