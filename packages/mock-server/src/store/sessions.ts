import {
  DEFAULT_SORT,
  LIMITS,
  missedFilter,
  type Preview,
  previewDefaults,
  SESSION_DEFAULTS,
  type SessionListParams,
  searchText,
  sessionFilter,
  sessionOrder,
  type sessionUpdateBody,
  writtenSession,
} from '@session-library/schemas'
import type * as z from 'zod/mini'
import { opaqueId } from '../primitives/ids.js'
import { hash32 } from '../primitives/random.js'
import { type Frozen, type LibrarySnapshot, namedIssues, type StoredSession } from './records.js'
import type { Table } from './table.js'

type WrittenFields = z.output<typeof sessionUpdateBody>

/** A new session record (D5): the written fields over the defaults, plus the server-set ones. */
export function newSessionRecord(
  id: string,
  now: string,
  fields: WrittenFields & { title: string },
  client = '',
): StoredSession {
  const written = { ...SESSION_DEFAULTS, tags: [...SESSION_DEFAULTS.tags], ...fields }
  return { id, ...written, lastOpened: now, projectOriginalPath: written.projectPath, ...previewDefaults(), client }
}

/** Applies a PATCH (D5, D8); `projectOriginalPath` is set from the first non-empty `projectPath`. */
export function applyPatch(draft: StoredSession, patch: WrittenFields): void {
  Object.assign(draft, patch)
  if (draft.projectOriginalPath === '' && draft.projectPath !== '') draft.projectOriginalPath = draft.projectPath
}

type AnsweredSession = Omit<StoredSession, 'client'>

// Keyed by the stored records, which never change in place: what is kept stays true and goes with them.
const answeredForms = new WeakMap<Readonly<StoredSession>, Readonly<AnsweredSession>>()
const answeredJson = new WeakMap<object, string>()
const justWritten = new WeakSet<Readonly<StoredSession>>()

/**
 * Notes the session a write just stored. Its write answers it once; keeping its answered form and
 * JSON then would cost every write (a PATCH 7 % more CPU), so they are kept when it is next read.
 */
export function noteWritten(record: Readonly<StoredSession>, previous: Readonly<StoredSession> | undefined): void {
  if (previous !== undefined) justWritten.delete(previous)
  justWritten.add(record)
}

/**
 * A stored session as answered, without the search-only `client` (D11): made once per record and
 * frozen, its JSON kept too, so a list page allocates nothing per session.
 */
export function toSession(record: Readonly<StoredSession>): Readonly<AnsweredSession> {
  const kept = answeredForms.get(record)
  if (kept !== undefined) return kept
  const { client: _client, ...fields } = record
  if (justWritten.has(record)) return fields
  const answered = Object.freeze(fields)
  answeredForms.set(record, answered)
  answeredJson.set(answered, JSON.stringify(answered))
  return answered
}

/** The JSON of a session {@link toSession} kept, if any. */
export function sessionJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? answeredJson.get(value) : undefined
}

export const DAY_MS = 86_400_000

// The texts `q` searches, folded once per record (records never change in place).
const searched = new WeakMap<Readonly<StoredSession>, readonly string[]>()
function searchedTexts(record: Readonly<StoredSession>): readonly string[] {
  const texts = searched.get(record) ?? [record.title, record.client, record.notes].map(searchText)
  searched.set(record, texts)
  return texts
}

/** The filter of D11, or `undefined` when the query has none. */
function matches(query: SessionListParams, since: string | undefined) {
  const needle = query.q === undefined ? undefined : searchText(query.q)
  const filter = sessionFilter(query)
  if (needle === undefined && filter === undefined && since === undefined) return undefined
  return (record: Readonly<StoredSession>) =>
    (needle === undefined || searchedTexts(record).some((text) => text.includes(needle))) &&
    (filter === undefined || missedFilter(filter, record) === undefined) &&
    (since === undefined || record.lastOpened >= since)
}

/** Filters (D11), sorts (D10) and pages (D9) the stored sessions over the table's kept orders: a pass, not a sort. */
export function listSessions(
  sessions: Pick<Table<StoredSession>, 'ordered' | 'first'>,
  query: SessionListParams,
  recent: { now: Date; days: number },
) {
  const since = query.recent ? new Date(recent.now.getTime() - recent.days * DAY_MS).toISOString() : undefined
  const sort = query.sort ?? DEFAULT_SORT
  const order = sessionOrder(sort)
  const keep = matches(query, since)
  const limit = query.limit ?? LIMITS.listLimitDefault
  const offset = query.offset ?? 0
  const top = sessions.first(sort, order, offset + limit, keep)
  if (top !== undefined) return { items: top.first.slice(offset), total: top.total, limit, offset }
  const ordered = sessions.ordered(sort, order)
  const found = keep ? ordered.filter(keep) : ordered
  return { items: found.slice(offset, offset + limit), total: found.length, limit, offset }
}

const MIME_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
}

/** A file path's name without its extension, and the extension in lower case. */
export function fileParts(path: string): [base: string, extension: string] {
  let end = path.length
  while (end > 0 && (path[end - 1] === '/' || path[end - 1] === '\\')) end--
  const start = Math.max(path.lastIndexOf('/', end - 1), path.lastIndexOf('\\', end - 1)) + 1
  const name = path.slice(start, end)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot).toLowerCase()] : [name, '']
}

// What encodeURI leaves as it is: such a path needs no encoding pass.
const URI_SAFE = /^[\w\-./~:@&=+$,;!*'()#?]*$/

function fileUrl(path: string): string {
  const slashed = path.includes('\\') ? path.replaceAll('\\', '/') : path
  const absolute = slashed.startsWith('/') ? slashed : `/${slashed}`
  return `file://${URI_SAFE.test(absolute) ? absolute : encodeURI(absolute)}`
}

type PreviewFields = Pick<
  StoredSession,
  'previewStatus' | 'previewUrl' | 'previewAudioUrl' | 'previewAudioMime' | 'preferredPreviewId'
>

/** The session's preview fields for a preferred preview (or none). */
export function previewFields(preferred: Preview | undefined): PreviewFields {
  if (!preferred) {
    return { previewStatus: 'none', previewUrl: '', previewAudioUrl: '', previewAudioMime: '', preferredPreviewId: '' }
  }
  const url = fileUrl(preferred.path)
  return {
    previewStatus: preferred.status,
    previewUrl: url,
    previewAudioUrl: url,
    previewAudioMime: MIME_TYPES[fileParts(preferred.path)[1]] ?? '',
    preferredPreviewId: preferred.id,
  }
}

/** The fields `sessionRecord` takes: a title, and any other field of a stored session. */
export type SessionFields = Partial<StoredSession> & { title: string }

/**
 * A whole stored session, filled as the mock fills a created one (D5), from as few fields as you
 * like. The id is a hash of the fields given (the same whatever else ran; give two records of the same
 * fields an `id`, or use `api.sessionRecord`) and `lastOpened` now, unless given. A field that breaks
 * the write rules (D5–D7) is a TypeError naming it; one a write would normalize is stored as a write stores it.
 *
 * @example
 * ```ts
 * sessionRecord({ title: 'Night Drive', tags: ['synthwave'] }).status // 'idea'
 * ```
 */
export function sessionRecord(fields: SessionFields): StoredSession {
  // Seed 0: no mock's ids (seed 1 unless told) look like them.
  const id = () => opaqueId('ses', 0, hash32(JSON.stringify(fields)))
  return recordFrom(fields, { id, now: () => new Date().toISOString() })
}

/** {@link sessionRecord} with the id and `lastOpened` from `source` (a mock's own). */
export function recordFrom(fields: SessionFields, source: { id(): string; now(): string }): StoredSession {
  const { id = source.id(), lastOpened = source.now(), client, ...rest } = fields
  // The server-set fields given win over the ones a create would set.
  const checked = writtenSession.safeParse({ ...newSessionRecord(id, lastOpened, rest, client), ...rest })
  if (checked.success) return checked.data
  throw new TypeError(`invalid session record: ${namedIssues(checked.error.issues, () => id).join('; ')}`)
}

/**
 * A library holding these sessions (and lanes), for `createMockApi({ library })`, `api.seed()` or
 * `api.reset({ library })`; new ids start after `nextId` (default 1).
 *
 * @example
 * ```ts
 * api.seed(libraryOf([sessionRecord({ title: 'Night Drive' })]))
 * ```
 */
export function libraryOf(
  sessions: readonly Frozen<StoredSession>[],
  rest: Partial<Pick<LibrarySnapshot, 'lanes' | 'nextId' | 'waveforms'>> = {},
): LibrarySnapshot {
  return { version: 1, nextId: 1, lanes: [], ...rest, sessions: [...sessions] as StoredSession[] }
}
