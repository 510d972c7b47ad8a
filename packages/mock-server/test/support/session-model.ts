import { sessionRecord } from '../../../../test-support/fixtures/session-record.js'
import type { LibrarySnapshot, StoredLane, StoredSession } from '../../src/index.js'

/**
 * The fields a test writes on a session, any of them possibly invalid.
 *
 * @example
 * ```ts
 * const fields: WrittenFields = { title: ' Alpha ', tags: ['a', 'a'] }
 * ```
 */
export interface WrittenFields {
  title?: string
  kind?: string
  status?: string
  accent?: string
  tags?: string[]
  notes?: string
  projectPath?: string
}

/**
 * A small reference model of the mock's library, written from DECISIONS.md alone (D5–D11, D14,
 * D16), against which the model-based tests check the mock step by step.
 *
 * @example
 * ```ts
 * const model = new LibraryModel(libraryOf([{ title: 'A' }]), '2026-11-21T10:00:00.000Z')
 * model.create({ title: 'B' }, 'ses_9')
 * ```
 */
export class LibraryModel {
  readonly sessions = new Map<string, StoredSession>()
  readonly lanes = new Map<string, StoredLane>()
  /** Every id seen, deleted ones included: ids are never reused (D5). */
  readonly seen: string[] = []

  constructor(
    start: LibrarySnapshot,
    readonly now: string,
  ) {
    for (const session of start.sessions) this.add(structuredClone(session))
    for (const lane of start.lanes) this.lanes.set(lane.key, structuredClone(lane))
  }

  /** A picked id: an existing one, a deleted one or one that never existed. */
  pick(index: number): string {
    const ids = [...this.seen, 'ses_missing']
    return ids[index % ids.length] as string
  }

  create(fields: WrittenFields, id: string): StoredSession {
    const written = normalized(fields) as Required<WrittenFields>
    const session: StoredSession = sessionRecord({
      ...written,
      kind: written.kind ?? 'other',
      id,
      lastOpened: this.now,
      projectOriginalPath: written.projectPath ?? '',
      client: '',
    })
    this.add(session)
    return session
  }

  update(id: string, fields: WrittenFields): StoredSession {
    const session = this.sessions.get(id) as StoredSession
    Object.assign(session, normalized(fields))
    if (session.projectOriginalPath === '' && session.projectPath !== '')
      session.projectOriginalPath = session.projectPath
    return session
  }

  delete(id: string): void {
    this.sessions.delete(id)
    for (const [key, lane] of this.lanes) if (lane.sessionId === id) this.lanes.delete(key)
  }

  /** D12: the variant a waveform-notes call addresses, or the 404 message. */
  variant(id: string, variantId: string | undefined): { variantId: string } | { missing: string } {
    const session = this.sessions.get(id) as StoredSession
    if (variantId !== undefined) {
      return session.previews.some((preview) => preview.id === variantId)
        ? { variantId }
        : { missing: 'preview variant not found' }
    }
    const chosen = session.preferredPreviewId || session.previews[0]?.id
    return chosen ? { variantId: chosen } : { missing: 'preview not found' }
  }

  /** D9–D11: the ids of one page of the list, and the total. */
  list(query: ListQuery): { ids: string[]; total: number } {
    const needle = query.q?.toLowerCase()
    const since = query.recent ? new Date(Date.parse(this.now) - 30 * 86_400_000).toISOString() : undefined
    const found = [...this.sessions.values()].filter(
      (s) =>
        (needle === undefined || [s.title, s.client, s.notes].some((text) => text.toLowerCase().includes(needle))) &&
        (query.kind === undefined || s.kind === query.kind) &&
        (query.tags ?? []).every((tag) => s.tags.includes(tag)) &&
        (since === undefined || s.lastOpened >= since),
    )
    found.sort(order(query.sort ?? '-lastOpened'))
    const offset = query.offset ?? 0
    const limit = Math.min(query.limit ?? 50, 500)
    return { ids: found.slice(offset, offset + limit).map((s) => s.id), total: found.length }
  }

  /** D16: tag counts, count descending then tag ascending. */
  tagCounts(): { tag: string; count: number }[] {
    const counts = new Map<string, number>()
    for (const session of this.sessions.values()) {
      for (const tag of session.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
    return [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || compare(a.tag, b.tag))
  }

  private add(session: StoredSession): void {
    this.sessions.set(session.id, session)
    this.seen.push(session.id)
  }
}

/**
 * A list query as the model reads it (already typed; the test writes it into the URL).
 *
 * @example
 * ```ts
 * const query: ListQuery = { q: 'al', sort: '-title', limit: 2 }
 * ```
 */
export interface ListQuery {
  q?: string
  kind?: string
  tags?: string[]
  recent?: boolean
  sort?: string
  limit?: number
  offset?: number
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const sortValues: Record<string, (s: StoredSession) => string> = {
  title: (s) => s.title.toLowerCase(),
  lastOpened: (s) => s.lastOpened,
  kind: (s) => s.kind,
  status: (s) => s.status,
}

function order(sort: string): (a: StoredSession, b: StoredSession) => number {
  const direction = sort.startsWith('-') ? -1 : 1
  const value = sortValues[sort.replace(/^-/, '')] as (s: StoredSession) => string
  return (a, b) => direction * compare(value(a), value(b)) || compare(a.id, b.id)
}

const textRule = (max: number) => (value: string) => value.length >= 1 && value.length <= max

/**
 * Whether written fields pass D5–D7, as the model reads the rules; `title` is required when `creating`.
 *
 * @example
 * ```ts
 * validFields({ title: '  ' }, true) // false
 * ```
 */
export function validFields(fields: WrittenFields, creating: boolean): boolean {
  const { title, kind, status, accent, tags, notes } = fields
  if (creating && title === undefined) return false
  if (title !== undefined && !textRule(200)(title.trim())) return false
  if (kind !== undefined && !textRule(64)(kind)) return false
  if (status !== undefined && !textRule(64)(status)) return false
  if (accent !== undefined && !/^(#[0-9a-fA-F]{6})?$/.test(accent)) return false
  if (tags !== undefined && !validTags(tags)) return false
  return notes === undefined || notes.length <= 100_000
}

/**
 * D6: each tag 1–64 characters once trimmed, no comma, at most 100 once duplicates are dropped.
 *
 * @example
 * ```ts
 * validTags([' a ', 'a']) // true
 * ```
 */
export function validTags(tags: string[]): boolean {
  return tags.every((tag) => textRule(64)(tag.trim()) && !tag.includes(',')) && normalTags(tags).length <= 100
}

/**
 * D6: tags trimmed, duplicates dropped keeping the first, order kept.
 *
 * @example
 * ```ts
 * normalTags([' a ', 'b', 'a']) // ['a', 'b']
 * ```
 */
export function normalTags(tags: string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()))]
}

function normalized(fields: WrittenFields): WrittenFields {
  const out: WrittenFields = { ...fields }
  if (fields.title !== undefined) out.title = fields.title.trim()
  if (fields.tags !== undefined) out.tags = normalTags(fields.tags)
  for (const key of Object.keys(out) as (keyof WrittenFields)[]) if (out[key] === undefined) delete out[key]
  return out
}
