import { storedSession } from '@session-library/schemas'
import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'
import { createMockApi, libraryOf, type StoredSession, sessionRecord } from '../../src/index.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const base = 'http://127.0.0.1:4777/api/v1'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }

describe('issue 20.6: seeding', () => {
  it('sessionRecord fills every field as a create does, from a title', async () => {
    const record = sessionRecord({ title: 'Night Drive', projectPath: '/p.als', lastOpened: NOW })
    expect(storedSession.safeParse(record).success).toBe(true)
    const api = createMockApi({ sessions: 0, now: NOW })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    const created = await (
      await fetch(`${base}/sessions`, {
        method: 'POST',
        headers,
        body: '{"title":"Night Drive","projectPath":"/p.als"}',
      })
    ).json()
    server.close()
    const { id: _id, ...fields } = record
    expect(created.data).toEqual({ ...fields, id: created.data.id, client: undefined })
    expect(sessionRecord({ title: 'A' }).id).toBe(sessionRecord({ title: 'A' }).id)
  })

  it('createMockApi, seed and reset({ library }) check the library first: a duplicate id names both records', () => {
    const twice = libraryOf([sessionRecord({ title: 'A' }), sessionRecord({ title: 'A' })])
    const id = twice.sessions[0]?.id
    const message = `invalid library: library.sessions[1]: duplicate key ${id} (as library.sessions[0])`
    expect(() => createMockApi({ library: twice })).toThrow(message)
    const api = createMockApi({ sessions: 1 })
    expect(() => api.seed(twice)).toThrow(message)
    expect(() => api.reset({ library: twice })).toThrow(message)
    expect(api.store.sessions()).toHaveLength(1)
  })

  it('an invalid record is a TypeError naming the record and the field', () => {
    const bad = { ...sessionRecord({ id: 'ses_bad', title: 'B' }), tags: 'rock' } as unknown as StoredSession
    expect(() => createMockApi({ library: libraryOf([sessionRecord({ title: 'A' }), bad]) })).toThrow(
      /^invalid library: library\.sessions\[1\]\.tags \(record ses_bad\): /,
    )
  })

  describe('seed, reset({ library }) and the live store', () => {
    const { api } = servedMock({ sessions: 3, now: NOW })

    it('seed replaces the library at once; api.store reads it live; reset() goes back to the start', async () => {
      const store = api.store
      api.seed(libraryOf([sessionRecord({ id: 'ses_one', title: 'One' })]))
      expect(store.sessions().map((session) => session.id)).toEqual(['ses_one'])
      await fetch(`${base}/sessions/ses_one`, { method: 'PATCH', headers, body: '{"title":"Renamed"}' })
      expect(store.session('ses_one')?.title).toBe('Renamed')
      api.reset({ library: libraryOf([sessionRecord({ id: 'ses_two', title: 'Two' })]) })
      expect(store.sessions().map((session) => session.id)).toEqual(['ses_two'])
      api.reset()
      expect(store.sessions()).toHaveLength(3)
    })
  })
})
