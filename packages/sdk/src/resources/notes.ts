import type { SessionNotes } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'

/**
 * The `client.notes` group: the free-text notes of one session.
 *
 * @example
 * ```ts
 * import type { NotesApi } from '@session-library/sdk'
 * const notes: NotesApi = client.notes
 * ```
 */
export interface NotesApi {
  /**
   * The notes of a session (`GET /sessions/{id}/notes`).
   *
   * @example `const { notes } = await client.notes.get('ses_1')`
   */
  get(id: string, options?: CallOptions): ApiPromise<SessionNotes>
  /**
   * Sets the notes (`PUT /sessions/{id}/notes`, full-automation mode), replacing what was there.
   *
   * @example `await client.notes.set('ses_1', 'bridge needs work')`
   */
  set(id: string, notes: string, options?: CallOptions): ApiPromise<SessionNotes>
  /**
   * Clears the notes (`PUT` of an empty text, full-automation mode).
   *
   * @example `await client.notes.clear('ses_1')`
   */
  clear(id: string, options?: CallOptions): ApiPromise<SessionNotes>
}

/**
 * The `notes` group over one client's call.
 *
 * @example `const notes = notesApi(createCall(config))`
 */
export function notesApi(call: Call): NotesApi {
  const set = (id: string, notes: string, options?: CallOptions) =>
    call('notes.put', { params: { id }, body: { notes } }, options).map(unwrap)
  return {
    get: (id, options) => call('notes.get', { params: { id } }, options).map(unwrap),
    set,
    clear: (id, options) => set(id, '', options),
  }
}
