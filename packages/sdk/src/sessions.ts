import type { AnswerOf, BodyOf, QueryOf, Session } from '@session-library/schemas'
import type { ApiPromise } from './api-promise.js'
import type { CallOptions } from './options.js'
import { paginate } from './pagination.js'
import type { Call } from './transport.js'
import { unwrap } from './unwrap.js'

/**
 * The list's query, typed: `tags` an array, `recent` a boolean, `limit`/`offset` numbers, `sort`
 * one of the known keys with an optional leading `-`.
 *
 * @example
 * ```ts
 * import type { SessionListQuery } from '@session-library/sdk'
 * const query: SessionListQuery = { tags: ['drums'], recent: true, sort: '-title', limit: 20 }
 * ```
 */
export type SessionListQuery = QueryOf<'sessions.list'>

/**
 * One page of the list: `data` (the sessions) and `meta` (`total`, `limit`, `offset`).
 *
 * @example
 * ```ts
 * import type { SessionPage } from '@session-library/sdk'
 * const { data, meta }: SessionPage = await client.sessions.list({ limit: 10 })
 * ```
 */
export type SessionPage = AnswerOf<'sessions.list'>

/**
 * The body of `sessions.create`: `title` required, every other field optional.
 *
 * @example
 * ```ts
 * import type { NewSession } from '@session-library/sdk'
 * const body: NewSession = { title: 'Night Drive', kind: 'ableton', tags: ['synthwave'] }
 * ```
 */
export type NewSession = BodyOf<'sessions.create'>

/**
 * The body of `sessions.update`: any writable field.
 *
 * @example
 * ```ts
 * import type { SessionChanges } from '@session-library/sdk'
 * const changes: SessionChanges = { status: 'mixing' }
 * ```
 */
export type SessionChanges = BodyOf<'sessions.update'>

/**
 * The answer of `sessions.delete`.
 *
 * @example
 * ```ts
 * import type { DeletedSession } from '@session-library/sdk'
 * const gone: DeletedSession = await client.sessions.delete('ses_1') // { deleted: true, id: 'ses_1' }
 * ```
 */
export type DeletedSession = AnswerOf<'sessions.delete'>['data']

/**
 * The `sessions` group of the client.
 *
 * @example `const sessions = sessionsApi(createCall(config))`
 */
export function sessionsApi(call: Call) {
  const list = (query: SessionListQuery = {}, options?: CallOptions): ApiPromise<SessionPage> =>
    call('sessions.list', { query }, options)
  const iterate = (query: SessionListQuery = {}, options?: CallOptions) => paginate(list, query, options)
  return {
    /**
     * One page of sessions, filtered and sorted, with its `meta`.
     * @example `const { data, meta } = await client.sessions.list({ q: 'drums', limit: 20 })`
     */
    list,
    /**
     * Every matching session, page by page (`limit` is the page size, default 100). Each session
     * comes once; sessions added or deleted meanwhile may be missed, and a library that keeps
     * changing cannot make it loop forever.
     * @example `for await (const session of client.sessions.iterate({ tags: ['drums'] })) console.log(session.title)`
     */
    iterate,
    /**
     * Every matching session in an array (see `iterate`).
     * @example `const sessions = await client.sessions.all({ kind: 'ableton' })`
     */
    async all(query: SessionListQuery = {}, options?: CallOptions): Promise<Session[]> {
      const sessions: Session[] = []
      for await (const session of iterate(query, options)) sessions.push(session)
      return sessions
    },
    /**
     * Creates a session (full-automation mode). Not retried unless `options.retry` is given.
     * @example `const session = await client.sessions.create({ title: 'Night Drive' })`
     */
    create: (body: NewSession, options?: CallOptions): ApiPromise<Session> =>
      call('sessions.create', { body }, options).map(unwrap),
    /**
     * One session.
     * @example `const session = await client.sessions.get('ses_1')`
     */
    get: (id: string, options?: CallOptions): ApiPromise<Session> =>
      call('sessions.get', { params: { id } }, options).map(unwrap),
    /**
     * Changes some fields of a session (full-automation mode). Not retried unless `options.retry` is given.
     * @example `const session = await client.sessions.update('ses_1', { status: 'mixing' })`
     */
    update: (id: string, changes: SessionChanges, options?: CallOptions): ApiPromise<Session> =>
      call('sessions.update', { params: { id }, body: changes }, options).map(unwrap),
    /**
     * Deletes a session and its waveform notes (full-automation mode).
     * @example `await client.sessions.delete('ses_1')`
     */
    delete: (id: string, options?: CallOptions): ApiPromise<DeletedSession> =>
      call('sessions.delete', { params: { id } }, options).map(unwrap),
  }
}

/**
 * The `client.sessions` group.
 *
 * @example
 * ```ts
 * import type { SessionsApi } from '@session-library/sdk'
 * const sessions: SessionsApi = client.sessions
 * ```
 */
export type SessionsApi = ReturnType<typeof sessionsApi>
