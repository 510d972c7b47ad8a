import type {
  Deleted,
  ReadonlyInput,
  Session,
  SessionCreateBody,
  SessionUpdateBody,
} from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { collect, paginate, type SessionListPage, type SessionListQuery, withPageMethods } from '../core/pagination.js'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'

/**
 * The body of `sessions.create`: `title` required, every other field optional.
 *
 * @example
 * ```ts
 * import type { NewSession } from '@session-library/sdk'
 * const body: NewSession = { title: 'Night Drive', kind: 'ableton', tags: ['synthwave'] }
 * ```
 */
export interface NewSession extends ReadonlyInput<SessionCreateBody> {}

/**
 * The body of `sessions.update`: any writable field.
 *
 * @example
 * ```ts
 * import type { SessionChanges } from '@session-library/sdk'
 * const changes: SessionChanges = { status: 'mixing' }
 * ```
 */
export interface SessionChanges extends ReadonlyInput<SessionUpdateBody> {}

/**
 * The answer of `sessions.delete`.
 *
 * @example
 * ```ts
 * import type { DeletedSession } from '@session-library/sdk'
 * const gone: DeletedSession = await client.sessions.delete('ses_1') // { deleted: true, id: 'ses_1' }
 * ```
 */
export interface DeletedSession extends Deleted {}

/**
 * The `client.sessions` group: the session library itself.
 *
 * @example
 * ```ts
 * import type { SessionsApi } from '@session-library/sdk'
 * const sessions: SessionsApi = client.sessions
 * ```
 */
export interface SessionsApi {
  /**
   * One page of sessions, filtered and sorted (`GET /sessions`), with its `meta` and the way on:
   * `page.hasNextPage()`, `page.nextPage()`.
   *
   * @example
   * ```ts
   * const page = await client.sessions.list({ q: 'drums', limit: 20 })
   * if (page.hasNextPage()) console.log((await page.nextPage()).data.length)
   * ```
   */
  list(query?: SessionListQuery, options?: CallOptions): ApiPromise<SessionListPage>
  /**
   * Every matching session, page by page (`limit` is the page size, default 100). Each session
   * comes once; sessions added or deleted meanwhile may be missed, and a library that keeps
   * changing cannot make it loop forever. An error is thrown from the loop: use `all().safe()`
   * for a form that does not throw.
   *
   * @example `for await (const session of client.sessions.iterate({ tags: ['drums'] })) console.log(session.title)`
   */
  iterate(query?: SessionListQuery, options?: CallOptions): AsyncGenerator<Session, void, undefined>
  /**
   * Every matching session in an array (see `iterate`). `.safe()` settles instead of throwing;
   * `.withResponse()` gives the last page's answer.
   *
   * @example `const { data: sessions, error } = await client.sessions.all({ kind: 'ableton' }).safe()`
   */
  all(query?: SessionListQuery, options?: CallOptions): ApiPromise<Session[]>
  /**
   * Creates a session (`POST /sessions`, full-automation mode). Not retried unless `options.retry` is given.
   *
   * @example `const session = await client.sessions.create({ title: 'Night Drive', tags: ['synthwave'] })`
   */
  create(body: NewSession, options?: CallOptions): ApiPromise<Session>
  /**
   * One session by id (`GET /sessions/{id}`); a `NotFoundError` when there is none.
   *
   * @example `const session = await client.sessions.get('ses_1')`
   */
  get(id: string, options?: CallOptions): ApiPromise<Session>
  /**
   * Changes some fields of a session (`PATCH /sessions/{id}`, full-automation mode). Not retried
   * unless `options.retry` is given.
   *
   * @example `const session = await client.sessions.update('ses_1', { status: 'mixing' })`
   */
  update(id: string, changes: SessionChanges, options?: CallOptions): ApiPromise<Session>
  /**
   * Deletes a session and its waveform notes (`DELETE /sessions/{id}`, full-automation mode);
   * outside it a `ForbiddenError` with code `read_only`.
   *
   * @example
   * ```ts
   * const { error } = await client.sessions.delete('ses_1').safe()
   * if (error?.code === 'read_only') console.log('turn on Full Automation first')
   * ```
   */
  delete(id: string, options?: CallOptions): ApiPromise<DeletedSession>
}

/**
 * The `sessions` group over one client's call.
 *
 * @example `const sessions = sessionsApi(createCall(config))`
 */
export function sessionsApi(call: Call): SessionsApi {
  const list = withPageMethods((query, options) => call('sessions.list', { query }, options))
  return {
    list,
    iterate: (query = {}, options) => paginate(list, query, options),
    all: (query = {}, options) => collect(list, query, options),
    create: (body, options) => call('sessions.create', { body }, options).map(unwrap),
    get: (id, options) => call('sessions.get', { params: { id } }, options).map(unwrap),
    update: (id, changes, options) => call('sessions.update', { params: { id }, body: changes }, options).map(unwrap),
    delete: (id, options) => call('sessions.delete', { params: { id } }, options).map(unwrap),
  }
}
