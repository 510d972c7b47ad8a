import type { AnswerOf, QueryOf } from '@session-library/schemas'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type ApiError,
  type CallOptions,
  type ForbiddenError,
  type Health,
  hasErrorCode,
  isApiError,
  type NotFoundError,
  type NotImplementedError,
  type Preview,
  type Session,
  type SessionLibrary,
  type SessionListQuery,
  type SessionPage,
  type SortKey,
  type TagCount,
  type VariantOptions,
} from '../src/index.js'
import { typeOnly, typesClient } from './support/types.js'

const client = typesClient

describe('types', () => {
  it('methods resolve to the contract data, inferred from the tolerant answer schemas', () => {
    expectTypeOf(client.sessions.get).returns.resolves.toEqualTypeOf<AnswerOf<'sessions.get'>['data']>()
    expectTypeOf(client.sessions.get).returns.resolves.toEqualTypeOf<Session>()
    expectTypeOf(client.sessions.list).returns.resolves.toMatchTypeOf<AnswerOf<'sessions.list'>>()
    expectTypeOf(client.tagCounts).returns.resolves.toEqualTypeOf<TagCount[]>()
    expectTypeOf<Session['title']>().toEqualTypeOf<string>()
    expectTypeOf<SessionPage['meta']['total']>().toEqualTypeOf<number>()
    expectTypeOf(client.sessions.delete).returns.resolves.toMatchTypeOf<{ deleted: boolean; id: string }>()
  })

  it('DECISIONS preamble: open strings suggest the known values and accept any other', () => {
    expectTypeOf<'ableton'>().toMatchTypeOf<Session['kind']>()
    expectTypeOf<'garageband'>().toMatchTypeOf<Session['kind']>()
  })

  it("answer types list SPEC §2.1's fields and no index signature: a misspelt field does not compile", () => {
    expectTypeOf<keyof Session>().toEqualTypeOf<
      | 'id'
      | 'title'
      | 'kind'
      | 'status'
      | 'accent'
      | 'tags'
      | 'notes'
      | 'lastOpened'
      | 'projectPath'
      | 'projectOriginalPath'
      | 'previewStatus'
      | 'previewUrl'
      | 'previewAudioUrl'
      | 'previewAudioMime'
      | 'preferredPreviewId'
      | 'previews'
    >()
    expectTypeOf<keyof Session>().not.toEqualTypeOf<string>()
    expectTypeOf<keyof Preview>().toEqualTypeOf<'id' | 'name' | 'path' | 'status'>()
    typeOnly(async () => {
      const session = await client.sessions.get('ses_1')
      // @ts-expect-error `titel` is not a field of Session
      session.titel
      // @ts-expect-error nor in a nested resource
      session.previews[0]?.stauts
      // @ts-expect-error nor in the list's meta
      ;(await client.sessions.list()).meta.totl
    })
  })

  it('unknown fields stay reachable through Record<string, unknown>, without a cast', () => {
    expectTypeOf<Session>().toMatchTypeOf<Record<string, unknown>>()
    expectTypeOf<Health>().toMatchTypeOf<Record<string, unknown>>()
  })

  it('DECISIONS preamble: lastError is optional; null is read as absent, so its type has no null', () => {
    expectTypeOf<Health['lastError']>().toEqualTypeOf<string | undefined>()
  })

  it('the list query is typed from the contract: tags array, recent boolean, limit number, sort key', () => {
    expectTypeOf<QueryOf<'sessions.list'>>().toMatchTypeOf<SessionListQuery>()
    expectTypeOf<SessionListQuery['tags']>().toEqualTypeOf<readonly string[] | undefined>()
    expectTypeOf<SessionListQuery['recent']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<SessionListQuery['limit']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<SessionListQuery['sort']>().toEqualTypeOf<SortKey | undefined>()
    // @ts-expect-error an unknown sort key does not type-check
    typeOnly(() => client.sessions.list({ sort: 'size' }))
  })

  it('method signatures take the ids, bodies and call options last', () => {
    expectTypeOf(client.sessions.create).parameters.toEqualTypeOf<
      [body: Parameters<SessionLibrary['sessions']['create']>[0], options?: CallOptions]
    >()
    expectTypeOf(client.sessions.update).parameter(0).toEqualTypeOf<string>()
    expectTypeOf(client.tags.add).parameters.toEqualTypeOf<
      [id: string, tags: readonly string[], options?: CallOptions]
    >()
    expectTypeOf(client.waveform).parameter(1).toEqualTypeOf<VariantOptions | undefined>()
    expectTypeOf(client.sessions.iterate).returns.toMatchTypeOf<AsyncIterable<Session>>()
    // @ts-expect-error create needs a title
    typeOnly(() => client.sessions.create({ kind: 'ableton' }))
  })

  it('isApiError narrows by code to the class the code comes with', () => {
    const error: unknown = null
    if (isApiError(error, 'read_only')) {
      expectTypeOf(error).toMatchTypeOf<ForbiddenError>()
      expectTypeOf(error.code).toEqualTypeOf<'read_only'>()
    }
    if (isApiError(error, 'not_found')) expectTypeOf(error).toMatchTypeOf<NotFoundError>()
    if (isApiError(error, 'import_unavailable')) expectTypeOf(error).toMatchTypeOf<NotImplementedError>()
    // @ts-expect-error isApiError takes only the contract's codes; `readonly` is a misspelling
    typeOnly(() => isApiError(error, 'readonly'))
    if (hasErrorCode(error, 'teapot')) expectTypeOf(error).toEqualTypeOf<ApiError<'teapot'>>()
    if (isApiError(error)) expectTypeOf(error.status).toEqualTypeOf<number>()
  })

  it('keeps ky types out of the public API', () => {
    expectTypeOf<CallOptions['retry']>().toEqualTypeOf<
      number | false | import('../src/index.js').RetryPolicy | undefined
    >()
  })
})
