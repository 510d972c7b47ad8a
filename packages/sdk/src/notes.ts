import type { SessionNotes } from '@session-library/schemas'
import type { CallOptions } from './options.js'
import type { Call } from './transport.js'

/**
 * The `notes` group: the free-text notes of one session.
 *
 * @example `const notes = notesApi(createCall(config))`
 */
export function notesApi(call: Call) {
  const set = async (id: string, notes: string, options?: CallOptions): Promise<SessionNotes> =>
    (await call('notes.put', { params: { id }, body: { notes } }, options)).data
  return {
    /**
     * The notes of a session.
     * @example `const { notes } = await client.notes.get('ses_1')`
     */
    get: async (id: string, options?: CallOptions): Promise<SessionNotes> =>
      (await call('notes.get', { params: { id } }, options)).data,
    /**
     * Sets the notes (full-automation mode).
     * @example `await client.notes.set('ses_1', 'bridge needs work')`
     */
    set,
    /**
     * Clears the notes (full-automation mode).
     * @example `await client.notes.clear('ses_1')`
     */
    clear: (id: string, options?: CallOptions): Promise<SessionNotes> => set(id, '', options),
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
