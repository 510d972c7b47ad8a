import type { SessionNotes } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import { type ContractMethods, Resource } from '../core/transport.js'

/** The `client.notes` group: the free-text notes of one session. */
export class NotesApi extends Resource implements ContractMethods<'notes'> {
  /** The notes of a session (`GET /sessions/{id}/notes`).
   * @example `const { notes } = await client.notes.get('ses_1')`
   */
  get(id: string, options?: CallOptions): ApiPromise<SessionNotes> {
    return this.call('notes.get', { params: { id } }, options).map(unwrap)
  }

  /** Sets the notes (`PUT /sessions/{id}/notes`, full-automation mode), replacing what was there.
   * @example `await client.notes.set('ses_1', 'bridge needs work')`
   */
  set(id: string, notes: string, options?: CallOptions): ApiPromise<SessionNotes> {
    return this.call('notes.put', { params: { id }, body: { notes } }, options).map(unwrap)
  }

  /** Clears the notes (`PUT` of an empty text, full-automation mode).
   * @example `await client.notes.clear('ses_1')`
   */
  clear(id: string, options?: CallOptions): ApiPromise<SessionNotes> {
    return this.set(id, '', options)
  }
}
