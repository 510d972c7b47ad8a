import { previewDefaults, SESSION_DEFAULTS, type Session } from '@session-library/schemas'
import type { StoredSession } from './records.js'

/** The fields a client may write on a session (SPEC §4.4, D5). */
export type WritableFields = Pick<Session, 'title' | 'kind' | 'status' | 'accent' | 'tags' | 'notes' | 'projectPath'>

/**
 * A new session record (D5): the written fields over the defaults, plus the server-set ones.
 *
 * @example
 * ```ts
 * const record = newSessionRecord(library.newId('ses'), clock.iso(), { title: 'Night Drive' })
 * ```
 */
export function newSessionRecord(
  id: string,
  now: string,
  fields: Partial<WritableFields> & Pick<WritableFields, 'title'>,
  client = '',
): StoredSession {
  const written = { ...SESSION_DEFAULTS, tags: [...SESSION_DEFAULTS.tags], ...fields }
  return {
    id,
    ...written,
    lastOpened: now,
    projectOriginalPath: written.projectPath,
    ...previewDefaults(),
    client,
  }
}

/**
 * A stored session as answered: every SPEC field and not the search-only `client` (D11). Not a
 * copy: the pipeline serializes each answer before anything else can change the library, and a
 * deep copy of each session was half the cost of a list page.
 *
 * @example
 * ```ts
 * toSession(record) // no client
 * ```
 */
export function toSession(record: Readonly<StoredSession>) {
  const { client: _client, ...answered } = record
  return answered
}

/**
 * Applies a PATCH to a stored session (D5, D8): each field it carries, and `projectOriginalPath`
 * set from the first non-empty `projectPath`, kept after that.
 *
 * @example
 * ```ts
 * await library.updateSession(id, (draft) => applyPatch(draft, { status: 'mixing' }))
 * ```
 */
export function applyPatch(draft: StoredSession, patch: Partial<WritableFields>): void {
  Object.assign(draft, patch)
  if (draft.projectOriginalPath === '' && draft.projectPath !== '') draft.projectOriginalPath = draft.projectPath
}
