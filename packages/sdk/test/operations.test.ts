import { type OperationName, routes } from '@session-library/schemas'
import { expect, it } from 'vitest'
import {
  AbortedError,
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  type RequestArgs,
  ServerError,
  SessionLibrary,
  TimeoutError,
  UnauthorizedError,
} from '../src/index.js'
import { eachMock } from './support/mocks.js'

// Every operation of SPEC §4.1 through the public API, against the in-process mock (MSW) and the
// standalone one (real HTTP): the methods cover most, `request` reaches all 18, PATCHes included.
eachMock({}, ({ api, baseUrl, client: clientOf }) => {
  it('request (D7) calls all 18 operations by name, each answer validated, and the mock saw each one', async () => {
    const called = new Set<OperationName>()
    const request = <Name extends OperationName>(name: Name, ...args: RequestArgs<Name>) => {
      called.add(name)
      return clientOf().request(name, ...args)
    }
    expect((await request('health.get')).data).toMatchObject({ status: 'ok', running: true })
    expect((await request('sessions.list', { query: { limit: 2 } })).meta).toMatchObject({ limit: 2, total: 12 })
    const { data: created } = await request('sessions.create', { body: { title: 'Request', tags: ['x'] } })
    const params = { id: created.id }
    expect((await request('sessions.get', { params })).data).toEqual(created)
    const update = await request('sessions.update', { params, body: { status: 'mixing' } })
    expect(update.data.status).toBe('mixing')
    expect((await request('tags.get', { params })).data).toEqual({ id: created.id, tags: ['x'] })
    expect((await request('tags.put', { params, body: { tags: ['a', 'b'] } })).data.tags).toEqual(['a', 'b'])
    expect((await request('tags.patch', { params, body: { tags: ['c'] } })).data.tags).toEqual(['c'])
    expect((await request('notes.put', { params, body: { notes: 'bridge' } })).data.notes).toBe('bridge')
    expect((await request('notes.get', { params })).data.notes).toBe('bridge')
    // null clears the notes, through PATCH.
    expect((await request('notes.patch', { params, body: { notes: null } })).data.notes).toBe('')
    const { data: sessions } = await request('sessions.list', { query: { limit: 12 } })
    const withPreview = sessions.find((session) => session.previews.length > 0)
    if (!withPreview) throw new Error('the mock seeded no session with a preview')
    const variant = { params: { id: withPreview.id }, query: { variantId: withPreview.previews[0]!.id } }
    expect((await request('preview.get', { params: variant.params })).data.id).toBe(withPreview.id)
    const { data: wave } = await request('waveform.get', variant)
    expect(wave.waveform.peaks).toHaveLength(wave.waveform.bucketCount)
    const put = await request('waveformNotes.put', { ...variant, body: { notes: [{ timestamp: 0, text: 'a' }] } })
    expect(put.data.notes.map((note) => note.text)).toEqual(['a'])
    const patch = await request('waveformNotes.patch', { ...variant, body: { notes: [{ timestamp: 1, text: 'b' }] } })
    expect(patch.data.notes.map((note) => note.text)).toEqual(['b'])
    const started = await request('imports.start', { body: { items: [{ projectPath: '/request/a.als' }] } })
    expect(started.data).toMatchObject({ total: 1, done: false })
    expect((await request('tagCounts.list')).data).toEqual(expect.arrayContaining([{ tag: 'c', count: 1 }]))
    expect((await request('sessions.delete', { params })).data).toEqual({ deleted: true, id: created.id })

    expect([...called].sort()).toEqual(Object.keys(routes).sort())
    const seen = api()
      .journal()
      .map((entry) => `${entry.method} ${entry.operation}`)
    for (const name of ['tags.patch', 'notes.patch', 'waveformNotes.patch']) expect(seen).toContain(`PATCH ${name}`)
  })

  it('withResponse gives the status and headers with the data, from one request', async () => {
    const { data, response } = await clientOf().sessions.create({ title: 'Raw' }).withResponse()
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(data.title).toBe('Raw')
    const page = await clientOf()
      .request('sessions.list', { query: { limit: 1 } })
      .withResponse()
    expect([page.response.status, page.data.meta.limit]).toEqual([200, 1])
    expect(
      api()
        .journal()
        .map((entry) => entry.operation),
    ).toEqual(['sessions.create', 'sessions.list'])
  })

  it('safe settles without throwing: data and response, or the typed error and its response', async () => {
    const found = await clientOf().health().safe()
    expect(found).toMatchObject({ error: undefined, data: { status: 'ok' } })
    expect(found.response?.status).toBe(200)

    const missing = await clientOf().sessions.get('ses_missing').safe()
    expect(missing.data).toBeUndefined()
    expect(missing.error).toBeInstanceOf(NotFoundError)
    expect(missing.error).toMatchObject({ code: 'not_found', serverMessage: 'session not found' })
    expect(missing.response?.status).toBe(404)

    api().setMode('read-only')
    const refused = await clientOf()
      .request('tags.patch', { params: { id: 'ses_any' }, body: { tags: [] } })
      .safe()
    expect(refused.error).toBeInstanceOf(ForbiddenError)
    expect(refused.error).toMatchObject({ code: 'read_only', status: 403 })
  })

  it('safe (D2, D4, D7, D18): each error the mock can answer settles with its class, the server message and the response', async () => {
    const [first] = (await clientOf().sessions.list({ limit: 1 })).data
    const id = first!.id
    api().setServiceAvailable('waveform', false)
    const wrongToken = new SessionLibrary({ token: 'wrong', baseUrl: baseUrl() })
    const outcomes = [
      [await clientOf().sessions.create({ title: ' ' }).safe(), BadRequestError, 400],
      [await wrongToken.health().safe(), UnauthorizedError, 401],
      [await clientOf().sessions.get('ses_missing').safe(), NotFoundError, 404],
      [await clientOf().notes.set(id, 'x'.repeat(1_100_000)).safe(), PayloadTooLargeError, 413],
      [await clientOf().waveform(id).safe(), NotImplementedError, 501],
    ] as const
    for (const [result, Class, status] of outcomes) {
      expect(result.data).toBeUndefined()
      expect(result.error).toBeInstanceOf(Class)
      expect(result.error).toMatchObject({ status, serverMessage: expect.any(String) })
      expect(result.response?.status).toBe(status)
    }
    api().injectFault({ status: 500, operation: 'tags.get' })
    const failed = await clientOf().tags.get(id, { retry: false }).safe()
    expect(failed.error).toBeInstanceOf(ServerError)
    api().injectFault({ network: true, operation: 'notes.get' })
    const dropped = await clientOf().notes.get(id, { retry: false }).safe()
    expect(dropped.error).toBeInstanceOf(NetworkError)
    expect(dropped.response).toBeUndefined()
  })

  it('safe: a timeout and an abort are errors too, with no response', async () => {
    api().injectFault({ latency: 300, operation: 'health.get' })
    const slow = await clientOf().health({ timeout: 30 }).safe()
    expect(slow.error).toBeInstanceOf(TimeoutError)
    expect(slow.response).toBeUndefined()
    const aborted = await clientOf()
      .sessions.list({}, { signal: AbortSignal.abort(new Error('stop')) })
      .safe()
    expect(aborted.error).toBeInstanceOf(AbortedError)
    expect(aborted.response).toBeUndefined()
  })
})
