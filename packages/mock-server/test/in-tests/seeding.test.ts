import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ISSUE_WORDING, LIMITS, storedSession } from '@session-library/schemas'
import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'
import { answerOf, createMockApi, libraryOf, type StoredSession, sessionRecord } from '../../src/index.js'
import { loadDataFile } from '../../src/node/persistence/data-file.js'
import { opaqueId } from '../../src/primitives/ids.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const base = 'http://127.0.0.1:4777/api/v1'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }

describe('seeding', () => {
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
  })

  it('first: sessionRecord and answerOf called here do not move the ids of the next test', () => {
    for (let at = 0; at < 5; at++) sessionRecord({ title: `Other ${at}` })
    answerOf('sessions.get', { data: { title: 'Other' } })
  })

  it('second: sessionRecord’s id comes from its fields alone, the same with `-t second` as in a full run', () => {
    const id = sessionRecord({ title: 'Demo' }).id
    expect(id).toBe('ses_15svd6x1kake0u')
    expect(answerOf('sessions.get', { data: { title: 'Demo' } }).data.id).toBe(id)
    // `ses_`, a hash of (seed 0, the fields' hash) in 7 characters, then the fields' hash: no mock id (seed 1) is one.
    expect(id).toBe(opaqueId('ses', 0, Number.parseInt(id.slice('ses_'.length + 7), 36)))
    expect(sessionRecord({ title: 'Demo', tags: ['a'] }).id).not.toBe(id)
  })

  it('api.sessionRecord takes its id from the mock’s seed and counter and lastOpened from its clock; reset() restarts them', () => {
    const api = createMockApi({ sessions: 0, now: NOW })
    const made = () => [api.sessionRecord({ title: 'Demo' }), api.sessionRecord({ title: 'Demo' })]
    const [first, second] = made()
    expect([first?.lastOpened, second?.lastOpened]).toEqual([NOW, NOW])
    expect(first?.id).not.toBe(second?.id)
    expect(first?.id).toBe(createMockApi({ sessions: 0 }).sessionRecord({ title: 'Other' }).id)
    api.reset()
    expect(made().map((record) => record.id)).toEqual([first?.id, second?.id])
    expect(createMockApi({ sessions: 0, seed: 2 }).sessionRecord({ title: 'Demo' }).id).not.toBe(first?.id)
  })

  it('D12, D14: a lane or a waveform of a session or preview that is not there, and a preferred preview that is not, are refused, each named', () => {
    const preview = { id: 'pv_1', name: 'Mix', path: '/mix.wav', status: 'ready' as const }
    const session = sessionRecord({ id: 'ses_a', title: 'A', previews: [preview], preferredPreviewId: 'pv_9' })
    const lane = (sessionId: string, variantId: string) => ({
      sessionId,
      variantId,
      key: `${sessionId}:${variantId}`,
      notes: [],
    })
    const library = libraryOf([session], {
      lanes: [lane('ses_gone', 'pv_1'), lane('ses_a', 'pv_2'), lane('ses_a', 'pv_1')],
    })
    const message =
      'invalid library: library.sessions[0].preferredPreviewId (record ses_a): no preview pv_9 in its previews; ' +
      'library.lanes[0].sessionId (record ses_gone:pv_1): no session ses_gone; ' +
      'library.lanes[1].variantId (record ses_a:pv_2): no preview pv_2 in session ses_a'
    expect(() => createMockApi({ library })).toThrow(message)
    const api = createMockApi({ sessions: 1 })
    expect(() => api.seed(library)).toThrow(message)
    expect(() => api.reset({ library })).toThrow(message)
    const fine = libraryOf([{ ...session, preferredPreviewId: 'pv_1' }], { lanes: [lane('ses_a', 'pv_1')] })
    expect(() => api.seed(fine)).not.toThrow()
  })

  it('createMockApi, seed and reset({ library }) check the library first: a duplicate id names both records', () => {
    const twice = libraryOf([sessionRecord({ id: 'ses_a', title: 'A' }), sessionRecord({ id: 'ses_a', title: 'B' })])
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

  describe('D5, D6: a seeded record holds only what writes through the API can leave', () => {
    // Built past sessionRecord, which refuses them itself.
    const breaking = (id: string, fields: Partial<StoredSession>) =>
      ({ ...sessionRecord({ id, title: 'Fine' }), ...fields }) as StoredSession

    it('createMockApi, seed and reset({ library }) refuse an empty title, naming the record and the field; nothing changes', () => {
      const library = libraryOf([breaking('ses_a', { title: '' })])
      const message = 'invalid library: library.sessions[0].title (record ses_a): must be a non-empty string'
      expect(() => createMockApi({ library })).toThrow(message)
      const api = createMockApi({ sessions: 1 })
      expect(() => api.seed(library)).toThrow(message)
      expect(() => api.reset({ library })).toThrow(message)
      expect(api.store.sessions()).toHaveLength(1)
    })

    it('D6: tags with a comma or empty are refused, each named', () => {
      const api = createMockApi({ sessions: 0 })
      expect(() => api.seed(libraryOf([breaking('ses_t', { tags: ['a,b', ''] })]))).toThrow(
        'invalid library: library.sessions[0].tags[0] (record ses_t): must not contain a comma; ' +
          'library.sessions[0].tags[1] (record ses_t): must be a non-empty string',
      )
    })

    it('D4: a field the contract does not know is named in the wording of every other check, with its record', () => {
      const api = createMockApi({ sessions: 0 })
      expect(() => api.seed(libraryOf([breaking('ses_x', { mood: 'calm' } as Partial<StoredSession>)]))).toThrow(
        `invalid library: library.sessions[0].mood (record ses_x): ${ISSUE_WORDING.unknownField}`,
      )
    })

    it('D5, D6: a title of 200 characters and a tag of 64 are taken; 201 and 65 are not', () => {
      const api = createMockApi({ sessions: 0 })
      const title = 'x'.repeat(LIMITS.titleLength)
      const tag = 't'.repeat(LIMITS.tagLength)
      api.seed(libraryOf([breaking('ses_edge', { title, tags: [tag] })]))
      expect(api.store.session('ses_edge')).toMatchObject({ title, tags: [tag] })
      expect(() => api.seed(libraryOf([breaking('ses_long', { title: `${title}x` })]))).toThrow(
        'library.sessions[0].title (record ses_long): must be at most 200 characters',
      )
      expect(() => api.seed(libraryOf([breaking('ses_tag', { tags: [`${tag}t`] })]))).toThrow(
        'library.sessions[0].tags[0] (record ses_tag): must be at most 64 characters',
      )
    })

    it('D5, D6: a value a write would normalize is stored as a write stores it', () => {
      const api = createMockApi({
        library: libraryOf([breaking('ses_n', { title: '  Night  ', tags: ['a', 'a', 'b'] })]),
      })
      expect(api.store.session('ses_n')).toMatchObject({ title: 'Night', tags: ['a', 'b'] })
    })

    it('sessionRecord refuses what the contract refuses, naming the record and the field', () => {
      expect(() => sessionRecord({ id: 'ses_a', title: '' })).toThrow(
        'invalid session record: title (record ses_a): must be a non-empty string',
      )
      expect(() => sessionRecord({ id: 'ses_b', title: 'B', tags: ['x,y'], accent: 'red' })).toThrow(
        'invalid session record: accent (record ses_b): must be "" or a #rrggbb colour; tags[0] (record ses_b): must not contain a comma',
      )
      expect(sessionRecord({ title: ' Trimmed ' }).title).toBe('Trimmed')
    })

    it('a --data file is held to the same write rules, naming the record and the field', async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'seeding-')), 'library.json')
      writeFileSync(path, JSON.stringify(libraryOf([breaking('ses_odd', { title: '', tags: ['a,b'] })])))
      const refused = loadDataFile(path)
      await expect(refused).rejects.toThrow('sessions[0].title (record ses_odd): must be a non-empty string')
      await expect(refused).rejects.toThrow('sessions[0].tags[0] (record ses_odd): must not contain a comma')
    })
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
