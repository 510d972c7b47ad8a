import type {
  Deleted,
  ReadonlyInput,
  Session,
  SessionCreateBody,
  SessionUpdateBody,
} from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import {
  collect,
  paginate,
  type SessionListPage,
  type SessionListQuery,
  type WalkOptions,
  withPageMethods,
} from '../core/pagination.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import { type ContractMethods, Resource } from '../core/transport.js'

/** The body of `sessions.create`: `title` required, every other field optional. */
export interface NewSession extends ReadonlyInput<SessionCreateBody> {}

/** The body of `sessions.update`: any writable field. */
export interface SessionChanges extends ReadonlyInput<SessionUpdateBody> {}

/** The answer of `sessions.delete`: `{ deleted: true, id }`. */
export interface DeletedSession extends Deleted {}

/** The `client.sessions` group: the session library itself. */
export class SessionsApi extends Resource implements ContractMethods<'sessions'> {
  /** One page of sessions, filtered and sorted (`GET /sessions`), with `meta` and `page.nextPage()`.
   * @example `const page = await client.sessions.list({ q: 'drums', limit: 20 })`
   */
  list(query: SessionListQuery = {}, options?: CallOptions): ApiPromise<SessionListPage> {
    const next = (offset: number) => this.list({ ...query, offset }, options)
    return withPageMethods(this.call('sessions.list', { query }, options), next)
  }

  /** Every matching session, in pages of `limit` (default `DEFAULT_PAGE_SIZE`), each once, as it comes; a changing
   * library cannot make it loop forever. Thrown from the loop: a `PaginationError` (a page repeated, past `meta.total`
   * or without it) after the sessions before it, unless `options.pages` is `'tolerant'`; an `AbortedError` on abort.
   * @example `for await (const session of client.sessions.iterate({ tags: ['drums'] })) console.log(session.title)`
   */
  iterate(query: SessionListQuery = {}, options?: WalkOptions): AsyncGenerator<Session, void, undefined> {
    return paginate((page) => this.list(page, options), query, options)
  }

  /** Every matching session in an array (see `iterate`, whose errors it rejects with);
   * `.withResponse()` gives the last page's answer.
   * @example `const { data: sessions, error } = await client.sessions.all({ kind: 'ableton' }).safe()`
   */
  all(query: SessionListQuery = {}, options?: WalkOptions): ApiPromise<Session[]> {
    return collect((page) => this.list(page, options), query, options)
  }

  /** Creates a session (`POST /sessions`, full-automation mode); retried only if `options.retry` is given.
   * @example `const session = await client.sessions.create({ title: 'Night Drive', tags: ['synthwave'] })`
   */
  create(body: NewSession, options?: CallOptions): ApiPromise<Session> {
    return this.call('sessions.create', { body }, options).map(unwrap)
  }

  /** One session by id (`GET /sessions/{id}`); a `NotFoundError` when there is none.
   * @example `const session = await client.sessions.get('ses_1')`
   */
  get(id: string, options?: CallOptions): ApiPromise<Session> {
    return this.call('sessions.get', { params: { id } }, options).map(unwrap)
  }

  /** Changes some fields of a session (`PATCH /sessions/{id}`, full-automation mode); retried only if `options.retry` is given.
   * @example `const session = await client.sessions.update('ses_1', { status: 'mixing' })`
   */
  update(id: string, changes: SessionChanges, options?: CallOptions): ApiPromise<Session> {
    return this.call('sessions.update', { params: { id }, body: changes }, options).map(unwrap)
  }

  /** Deletes a session and its waveform notes (`DELETE /sessions/{id}`; else `read_only`).
   * @example `const { error } = await client.sessions.delete('ses_1').safe()`
   */
  delete(id: string, options?: CallOptions): ApiPromise<DeletedSession> {
    return this.call('sessions.delete', { params: { id } }, options).map(unwrap)
  }
}
