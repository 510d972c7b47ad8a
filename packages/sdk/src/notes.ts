import type { SessionNotes } from '@session-library/schemas'
import type { ApiPromise } from './api-promise.js'
import type { CallOptions } from './options.js'
import type { Call } from './transport.js'
import { unwrap } from './unwrap.js'

/**
 * The `notes` group: the free-text notes of one session.
 *
 * @example `const notes = notesApi(createCall(config))`
 */
export function notesApi(call: Call) {
  const set = (id: string, notes: string, options?: CallOptions): ApiPromise<SessionNotes> =>
    call('notes.put', { params: { id }, body: { notes } }, options).map(unwrap)
  return {
    /**
     * The notes of a session.
     * @example `const { notes } = await client.notes.get('ses_1')`
     */
    get: (id: string, options?: CallOptions): ApiPromise<SessionNotes> =>
      call('notes.get', { params: { id } }, options).map(unwrap),
    /**
     * Sets the notes (full-automation mode).
     * @example `await client.notes.set('ses_1', 'bridge needs work')`
     */
    set,
    /**
     * Clears the notes (full-automation mode).
     * @example `await client.notes.clear('ses_1')`
     */
    clear: (id: string, options?: CallOptions): ApiPromise<SessionNotes> => set(id, '', options),
  }
}

/**
 * The `client.notes` group.
 *
 * @example
 * ```ts
 * import type { NotesApi } from '@session-library/sdk'
 * const notes: NotesApi = client.notes
 * ```
 */
export type NotesApi = ReturnType<typeof notesApi>
