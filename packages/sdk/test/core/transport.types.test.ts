import { describe, expectTypeOf, it } from 'vitest'
import {
  AbortedError,
  type ApiPromise,
  type CallError,
  type CallInput,
  type DeletedSession,
  type ForbiddenError,
  type Health,
  type ImportResult,
  isApiError,
  type NotFoundError,
  type RawAnswer,
  type SafeResult,
  type Session,
  type SessionLibraryError,
  type SessionListPage,
  type SessionNotes,
  type SessionPage,
  type SessionPreview,
  type SessionTags,
  type SessionWaveform,
  type TagCount,
  type WaveformNoteLane,
} from '../../src/index.js'
import { typeOnly, typesClient } from '../support/types.js'

const client = typesClient
const id = 'ses_1'

describe('request types: every operation of SPEC §4.1 by name, typed from the contract', () => {
  it('each operation resolves to its answer envelope', () => {
    typeOnly(() => {
      expectTypeOf(client.request('health.get')).resolves.toEqualTypeOf<{ data: Health }>()
      expectTypeOf(client.request('sessions.list', { query: { limit: 5 } })).resolves.toEqualTypeOf<SessionPage>()
      expectTypeOf(client.request('sessions.create', { body: { title: 'A' } })).resolves.toEqualTypeOf<{
        data: Session
      }>()
      expectTypeOf(client.request('sessions.get', { params: { id } })).resolves.toEqualTypeOf<{ data: Session }>()
      const update = client.request('sessions.update', { params: { id }, body: { status: 'mixing' } })
      expectTypeOf(update).resolves.toEqualTypeOf<{ data: Session }>()
      const removal = client.request('sessions.delete', { params: { id } })
      expectTypeOf(removal).resolves.toEqualTypeOf<{ data: DeletedSession }>()
      expectTypeOf(client.request('tags.get', { params: { id } })).resolves.toEqualTypeOf<{ data: SessionTags }>()
      const tags = { params: { id }, body: { tags: ['a'] } }
      expectTypeOf(client.request('tags.put', tags)).resolves.toEqualTypeOf<{ data: SessionTags }>()
      expectTypeOf(client.request('tags.patch', tags)).resolves.toEqualTypeOf<{ data: SessionTags }>()
      expectTypeOf(client.request('notes.get', { params: { id } })).resolves.toEqualTypeOf<{ data: SessionNotes }>()
      const notes = { params: { id }, body: { notes: 'x' } }
      expectTypeOf(client.request('notes.put', notes)).resolves.toEqualTypeOf<{ data: SessionNotes }>()
      expectTypeOf(client.request('notes.patch', notes)).resolves.toEqualTypeOf<{ data: SessionNotes }>()
      const preview = client.request('preview.get', { params: { id } })
      expectTypeOf(preview).resolves.toEqualTypeOf<{ data: SessionPreview }>()
      const waveform = client.request('waveform.get', { params: { id }, query: { variantId: 'pv_1' } })
      expectTypeOf(waveform).resolves.toEqualTypeOf<{ data: SessionWaveform }>()
      const lane = { params: { id }, query: { variantId: 'pv_1' }, body: { notes: [{ timestamp: 1, text: 'a' }] } }
      expectTypeOf(client.request('waveformNotes.put', lane)).resolves.toEqualTypeOf<{ data: WaveformNoteLane }>()
      expectTypeOf(client.request('waveformNotes.patch', lane)).resolves.toEqualTypeOf<{ data: WaveformNoteLane }>()
      const started = client.request('imports.start', { body: { items: [{ projectPath: '/a.als' }] } })
      expectTypeOf(started).resolves.toEqualTypeOf<{ data: ImportResult }>()
      expectTypeOf(client.request('tagCounts.list')).resolves.toEqualTypeOf<{ data: TagCount[] }>()
    })
  })

  it('params: required where the path has a placeholder, optional where it has none', () => {
    expectTypeOf<CallInput<'sessions.get'>['params']>().toEqualTypeOf<{ id: string }>()
    typeOnly(() => {
      client.request('health.get', { params: {} }, { timeout: 1_000 }) // the lead's call form still compiles
      // @ts-expect-error sessions.get needs params.id
      client.request('sessions.get')
      // @ts-expect-error sessions.get needs params.id
      client.request('sessions.get', {})
      // @ts-expect-error a misspelt parameter
      client.request('tags.get', { params: { ID: id } })
    })
  })

  it('query: typed where the operation reads one, refused where it reads none', () => {
    typeOnly(() => {
      client.request('sessions.list', { query: { tags: ['a'], recent: true, sort: '-title' } })
      // @ts-expect-error an unknown sort key
      client.request('sessions.list', { query: { sort: 'size' } })
      // @ts-expect-error limit is a number
      client.request('sessions.list', { query: { limit: '5' } })
      // @ts-expect-error health.get reads no query
      client.request('health.get', { query: { verbose: true } })
    })
  })

  it('body: required and typed where the operation takes one, refused where it takes none', () => {
    typeOnly(() => {
      // @ts-expect-error tags.patch needs a body
      client.request('tags.patch', { params: { id } })
      // @ts-expect-error tags is an array of strings
      client.request('tags.patch', { params: { id }, body: { tags: 'drums' } })
      // @ts-expect-error notes.patch takes { notes }
      client.request('notes.patch', { params: { id }, body: { note: 'x' } })
      // @ts-expect-error a waveform note needs a timestamp
      client.request('waveformNotes.patch', { params: { id }, body: { notes: [{ text: 'a' }] } })
      // @ts-expect-error sessions.create needs a title
      client.request('sessions.create', { body: { kind: 'ableton' } })
      // @ts-expect-error sessions.get takes no body
      client.request('sessions.get', { params: { id }, body: {} })
      // @ts-expect-error an unknown operation name
      client.request('sessions.patch', { params: { id } })
    })
  })
})

describe('the raw and the non-throwing forms', () => {
  it('every method and request return an ApiPromise of their data', () => {
    expectTypeOf(client.sessions.get).returns.toEqualTypeOf<ApiPromise<Session>>()
    expectTypeOf(client.health).returns.toEqualTypeOf<ApiPromise<Health>>()
    expectTypeOf(client.tags.add).returns.toEqualTypeOf<ApiPromise<SessionTags>>()
    expectTypeOf(client.sessions.list).returns.toEqualTypeOf<ApiPromise<SessionListPage>>()
    expectTypeOf<ApiPromise<Session>>().toMatchTypeOf<Promise<Session>>()
  })

  it('withResponse gives the data with the Response', () => {
    typeOnly(async () => {
      const raw = await client.sessions.get(id).withResponse()
      expectTypeOf(raw).toEqualTypeOf<RawAnswer<Session>>()
      expectTypeOf(raw.data).toEqualTypeOf<Session>()
      expectTypeOf(raw.response).toEqualTypeOf<Response>()
      const page = await client.request('sessions.list').withResponse()
      expectTypeOf(page.data.meta.total).toEqualTypeOf<number>()
    })
  })

  it('safe gives { data, error, response }: data once error is ruled out, error narrowable by code', () => {
    typeOnly(async () => {
      const result = await client.sessions.get(id).safe()
      expectTypeOf(result).toEqualTypeOf<SafeResult<Session>>()
      if (result.error) {
        expectTypeOf(result.data).toEqualTypeOf<undefined>()
        expectTypeOf(result.error).toEqualTypeOf<CallError>()
        expectTypeOf(result.error).toMatchTypeOf<SessionLibraryError>()
        expectTypeOf(result.response).toEqualTypeOf<Response | undefined>()
        if (isApiError(result.error, 'not_found')) {
          expectTypeOf(result.error).toMatchTypeOf<NotFoundError>()
          expectTypeOf(result.error.code).toEqualTypeOf<'not_found'>()
        }
        if (isApiError(result.error, 'read_only')) expectTypeOf(result.error).toMatchTypeOf<ForbiddenError>()
        if (isApiError(result.error)) expectTypeOf(result.error.headers).toEqualTypeOf<Headers>()
        if (result.error instanceof AbortedError) expectTypeOf(result.error.reason).toEqualTypeOf<unknown>()
      } else {
        expectTypeOf(result.data).toEqualTypeOf<Session>()
        expectTypeOf(result.response).toEqualTypeOf<Response>()
      }
      const { data, error } = await client.request('tags.patch', { params: { id }, body: { tags: [] } }).safe()
      if (!error) expectTypeOf(data.data.tags).toEqualTypeOf<string[]>()
    })
  })
})
