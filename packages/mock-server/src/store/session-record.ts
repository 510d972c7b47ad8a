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

/** A stored session as answered: `Session`, without the search-only `client`. */
type AnsweredSession = Omit<StoredSession, 'client'>

/**
 * Each stored record's answered form, and that form's JSON. Keyed by the objects themselves:
 * stored records are never changed in place (a write stores a new one), so what is kept for a
 * record stays true, and goes with it.
 */
const answeredForms = new WeakMap<Readonly<StoredSession>, Readonly<AnsweredSession>>()
const answeredJson = new WeakMap<object, string>()
/** The session stored last (see {@link noteWritten}). */
let lastWritten: Readonly<StoredSession> | undefined

/**
 * Notes the session a write just stored. Its write answers it once; keeping its answered form and
 * JSON then would cost every write (a PATCH 7 % more CPU), so they are kept when it is read after
 * another write instead.
 *
 * @example
 * ```ts
 * new Table(storedSession, (s) => s.id, (_, after) => after && noteWritten(after))
 * ```
 */
export function noteWritten(record: Readonly<StoredSession>): void {
  lastWritten = record
}

/**
 * A stored session as answered: every SPEC field and not the search-only `client` (D11). Made
 * once per stored record and frozen (records never change in place), so a list page allocates
 * nothing per session; its JSON is kept too (see {@link sessionJson}). The session a write just
 * stored is answered with a copy instead (see {@link noteWritten}).
 *
 * @example
 * ```ts
 * toSession(record) // no client
 * ```
 */
export function toSession(record: Readonly<StoredSession>): Readonly<AnsweredSession> {
  const kept = answeredForms.get(record)
  if (kept !== undefined) return kept
  const { client: _client, ...fields } = record
  if (record === lastWritten) return fields
  const answered = Object.freeze(fields)
  answeredForms.set(record, answered)
  // Serialized now, once: a session is made answered to be answered.
  answeredJson.set(answered, JSON.stringify(answered))
  return answered
}

/**
 * The JSON of a session {@link toSession} answered, kept since; `undefined` for any other value.
 * What lets a page of 50 be answered without serializing 50 sessions again.
 *
 * @example
 * ```ts
 * sessionJson(toSession(record)) // JSON.stringify(toSession(record))
 * sessionJson({ id: 'ses_1' }) // undefined
 * ```
 */
export function sessionJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? answeredJson.get(value) : undefined
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
