import fc from 'fast-check'
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createMockApi, type MockApi, type StoredLane, type StoredSession } from '../../src/index.js'
import { expectDocumented } from '../support/document-check.js'
import { NOW } from '../support/harness.js'
import { libraryOf, withPreviews } from '../support/library.js'
import {
  LibraryModel,
  type ListQuery,
  normalTags,
  validFields,
  validTags,
  type WrittenFields,
} from '../support/session-model.js'

// Model-based tests: random command sequences run against the in-process mock and against the
// reference model of support/session-model.ts; after every step answers and the whole library must
// agree. A failure shrinks to a minimal sequence and fast-check prints its seed.

const START = libraryOf([
  withPreviews({ title: 'Alpha', kind: 'ableton', tags: ['drums', 'vox'], client: 'Acme' }),
  withPreviews({
    title: 'beta',
    kind: 'logic',
    tags: ['vox'],
    notes: 'alpha take',
    preferredPreviewId: 'pv_b',
    lastOpened: '2026-09-01T10:00:00.000Z',
  }),
  { title: 'Gamma', status: 'mixing', lastOpened: '2026-10-30T10:00:00.000Z' },
])

// biome-ignore lint/suspicious/noExplicitAny: steps read any field of an answer
type Answer = { status: number; body: any }

interface Real {
  api: MockApi
  call(method: string, path: string, body?: unknown): Promise<Answer>
}

function realMock(): Real {
  const api = createMockApi({ baseUrl: 'http://mock.test', library: START, now: NOW, token: 't' })
  return {
    api,
    async call(method, path, body) {
      const request = new Request(`http://mock.test/api/v1${path}`, {
        method,
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const response = (await getResponse(api.handlers, request)) as Response
      await expectDocumented(method, `/api/v1${path}`, response)
      return { status: response.status, body: await response.json() }
    },
  }
}

const answered = ({ client: _client, ...session }: StoredSession) => session
const byKey = <T>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => (key(a) < key(b) ? -1 : 1))

async function expectSameLibrary(model: LibraryModel, real: Real): Promise<void> {
  await real.api.idle()
  const snapshot = real.api.snapshot()
  expect(byKey(snapshot.sessions, (s) => s.id)).toEqual(byKey([...model.sessions.values()], (s) => s.id))
  expect(byKey(snapshot.lanes, (l) => l.key)).toEqual(byKey([...model.lanes.values()], (l) => l.key))
}

type Command = fc.AsyncCommand<LibraryModel, Real>

const step = (label: string, run: (model: LibraryModel, real: Real) => Promise<void>): Command => ({
  check: () => true,
  async run(model, real) {
    await run(model, real)
    await expectSameLibrary(model, real)
  },
  toString: () => label,
})

const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`

/** D3: a bad body is 400 before the session's 404; `ok` runs only for a known session and a good body. */
async function expectOutcome(
  model: LibraryModel,
  id: string,
  valid: boolean,
  answer: Answer,
  ok: () => void,
): Promise<void> {
  if (!valid) expect(answer.status).toBe(400)
  else if (!model.sessions.has(id))
    expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  else ok()
}

const arb = {
  pick: fc.nat(),
  title: fc.constantFrom('Alpha', ' alpha ', 'Beta', 'zulu', '   ', 'x'.repeat(201)),
  tags: fc.array(fc.constantFrom('drums', ' vox ', 'vox', 'Vox', 'bass', '', 'a,b'), { maxLength: 4 }),
  notes: fc.constantFrom('', 'alpha take', 'Needs VOX', 'n'.repeat(100_001)),
  method: fc.constantFrom('PUT', 'PATCH'),
}

const fields: fc.Arbitrary<WrittenFields> = fc.record(
  {
    title: arb.title,
    kind: fc.constantFrom('ableton', 'logic', 'other', '', 'k'.repeat(65)),
    status: fc.constantFrom('idea', 'mixing', 'done'),
    accent: fc.constantFrom('', '#a1B2c3', 'red'),
    tags: arb.tags,
    notes: arb.notes,
    projectPath: fc.constantFrom('', '/p/a.als', '/p/b.rpp'),
  },
  { requiredKeys: [] },
)

const show = (value: unknown) =>
  JSON.stringify(value, (_, v) => (typeof v === 'string' && v.length > 20 ? `${v.slice(0, 8)}…(${v.length})` : v))

const create = fields.map((written) =>
  step(`create ${show(written)}`, async (model, real) => {
    const answer = await real.call('POST', '/sessions', written)
    if (!validFields(written, true)) return expect(answer.status).toBe(400)
    expect(answer.status).toBe(201)
    expect(model.seen).not.toContain(answer.body.data.id)
    expect(answer.body.data).toEqual(answered(model.create(written, answer.body.data.id)))
  }),
)

const update = fc.tuple(arb.pick, fields).map(([pick, written]) =>
  step(`update #${pick} ${show(written)}`, async (model, real) => {
    const id = model.pick(pick)
    const answer = await real.call('PATCH', sessionPath(id), written)
    await expectOutcome(model, id, validFields(written, false), answer, () => {
      expect(answer.status).toBe(200)
      expect(answer.body.data).toEqual(answered(model.update(id, written)))
    })
  }),
)

const remove = arb.pick.map((pick) =>
  step(`delete #${pick}`, async (model, real) => {
    const id = model.pick(pick)
    const answer = await real.call('DELETE', sessionPath(id))
    await expectOutcome(model, id, true, answer, () => {
      expect(answer).toEqual({ status: 200, body: { data: { deleted: true, id } } })
      model.delete(id)
    })
  }),
)

const get = arb.pick.map((pick) =>
  step(`get #${pick}`, async (model, real) => {
    const id = model.pick(pick)
    const answer = await real.call('GET', sessionPath(id))
    await expectOutcome(model, id, true, answer, () => {
      expect(answer).toEqual({ status: 200, body: { data: answered(model.sessions.get(id) as StoredSession) } })
    })
  }),
)

const tags = fc.tuple(arb.pick, arb.tags, arb.method).map(([pick, written, method]) =>
  step(`${method} tags #${pick} ${show(written)}`, async (model, real) => {
    const id = model.pick(pick)
    const answer = await real.call(method, `${sessionPath(id)}/tags`, { tags: written })
    await expectOutcome(model, id, validTags(written), answer, () => {
      model.update(id, { tags: written })
      expect(answer).toEqual({ status: 200, body: { data: { id, tags: normalTags(written) } } })
    })
  }),
)

const notes = fc.tuple(arb.pick, fc.option(arb.notes), arb.method).map(([pick, written, method]) =>
  step(`${method} notes #${pick} ${show(written)}`, async (model, real) => {
    const id = model.pick(pick)
    const answer = await real.call(method, `${sessionPath(id)}/notes`, { notes: written })
    await expectOutcome(model, id, (written ?? '').length <= 100_000, answer, () => {
      model.update(id, { notes: written ?? '' })
      expect(answer).toEqual({ status: 200, body: { data: { id, notes: written ?? '' } } })
    })
  }),
)

const noteInput = fc.record(
  {
    id: fc.constantFrom('n1', 'n2', 'n3'),
    timestamp: fc.constantFrom(0, 1.5, 10, 44.9),
    text: fc.constantFrom('drop', 'hook', ''),
  },
  { requiredKeys: ['timestamp', 'text'] },
)

const noteKey = (note: { id?: string; timestamp: number; text: string }, given: Set<string>) =>
  `${note.id !== undefined && given.has(note.id) ? note.id : '*'}|${note.timestamp}|${note.text}`

const waveformNotes = fc
  .tuple(
    arb.pick,
    fc.constantFrom(undefined, undefined, 'pv_a', 'pv_b', 'pv_zz'),
    fc.array(noteInput, { maxLength: 4 }),
    arb.method,
  )
  .map(([pick, variantId, written, method]) =>
    step(`${method} waveform-notes #${pick} ${variantId} ${show(written)}`, async (model, real) => {
      const id = model.pick(pick)
      const query = variantId === undefined ? '' : `?variantId=${variantId}`
      const answer = await real.call(method, `${sessionPath(id)}/waveform-notes${query}`, { notes: written })
      const given = written.flatMap((note) => (note.id === undefined ? [] : [note.id]))
      const valid = written.every((note) => note.text !== '') && new Set(given).size === given.length
      await expectOutcome(model, id, valid, answer, () => {
        const chosen = model.variant(id, variantId)
        if ('missing' in chosen)
          return expect(answer.body.error).toMatchObject({ code: 'not_found', message: chosen.missing })
        expect(answer.status).toBe(200)
        const lane = answer.body.data as StoredLane
        expect(lane).toMatchObject({ sessionId: id, variantId: chosen.variantId, key: `${id}:${chosen.variantId}` })
        // D14: the lane is the body (ids assigned where missing, fresh), sorted by timestamp then id.
        const ids = new Set(given)
        expect(lane.notes.map((n) => noteKey(n, ids)).sort()).toEqual(written.map((n) => noteKey(n, ids)).sort())
        expect(new Set(lane.notes.map((n) => n.id)).size).toBe(written.length)
        expect(lane.notes).toEqual([...lane.notes].sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1)))
        for (const note of lane.notes) expect(note).toMatchObject({ createdAt: NOW, updatedAt: NOW })
        model.lanes.set(lane.key, lane)
      })
    }),
  )

const listQuery: fc.Arbitrary<ListQuery & { repeatTags: boolean }> = fc.record(
  {
    q: fc.constantFrom('al', 'VOX', 'take', 'acme', 'zz'),
    kind: fc.constantFrom('ableton', 'logic', 'other'),
    tags: fc.array(fc.constantFrom('drums', 'vox', 'bass'), { minLength: 1, maxLength: 2 }),
    recent: fc.boolean(),
    sort: fc.constantFrom('title', '-title', 'lastOpened', '-lastOpened', 'kind', '-kind', 'status', '-status'),
    limit: fc.integer({ min: 1, max: 600 }),
    offset: fc.integer({ min: 0, max: 8 }),
    repeatTags: fc.boolean(),
  },
  { requiredKeys: ['repeatTags'] },
)

function listUrl({ repeatTags, tags: wanted, ...query }: ListQuery & { repeatTags: boolean }): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) params.set(name, String(value))
  if (wanted && repeatTags) for (const tag of wanted) params.append('tags', tag)
  else if (wanted) params.set('tags', wanted.join(','))
  return `/sessions?${params}`
}

const list = listQuery.map((query) =>
  step(`list ${listUrl(query)}`, async (model, real) => {
    const answer = await real.call('GET', listUrl(query))
    const expected = model.list(query)
    expect(answer.status).toBe(200)
    expect(answer.body.data.map((s: { id: string }) => s.id)).toEqual(expected.ids)
    expect(answer.body.meta).toEqual({
      total: expected.total,
      limit: Math.min(query.limit ?? 50, 500),
      offset: query.offset ?? 0,
    })
  }),
)

const tagCounts = fc.constant(
  step('tag counts', async (model, real) => {
    expect(await real.call('GET', '/tags')).toEqual({ status: 200, body: { data: model.tagCounts() } })
  }),
)

describe('model-based: the in-process mock against a reference model', () => {
  it('D5–D11, D14, D16: random sequences of writes and reads agree with the model at every step', async () => {
    const commands = fc.commands(
      [create, create, update, remove, get, tags, notes, waveformNotes, list, list, tagCounts],
      {
        maxCommands: 30,
        size: 'max',
      },
    )
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const real = realMock()
        await real.api.idle()
        try {
          await fc.asyncModelRun(() => ({ model: new LibraryModel(START, NOW), real }), sequence)
        } finally {
          real.api.dispose()
        }
      }),
      { numRuns: 100 },
    )
  }, 60_000)
})
