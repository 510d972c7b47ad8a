import { LIMITS, type SortKey, type sessionListQuery, type z } from '@session-library/schemas'
import type { StoredSession } from './records.js'
import type { OrderBy } from './sorted-order.js'
import type { Table } from './table.js'

/** The session list's query as the contract parses it (D9–D11). */
export type SessionListQuery = z.output<typeof sessionListQuery>

/**
 * Where "recent" starts and which sessions count (D11).
 *
 * @example
 * ```ts
 * const window: RecentWindow = { now: clock.now(), days: 30 }
 * ```
 */
export interface RecentWindow {
  now: Date
  days: number
}

/**
 * One page of the session list.
 *
 * @example
 * ```ts
 * const page: SessionPage = listSessions(sessions, {}, window)
 * ```
 */
export interface SessionPage {
  items: Readonly<StoredSession>[]
  total: number
  limit: number
  offset: number
}

const DAY_MS = 86_400_000

/** The filter of D11, or `undefined` when the query has none (every session is kept). */
function matches(query: SessionListQuery, since: string | undefined) {
  const needle = query.q?.toLowerCase()
  const kind = query.kind ?? query.daw
  const tags = query.tags ?? []
  if (needle === undefined && kind === undefined && tags.length === 0 && since === undefined) return undefined
  return (record: Readonly<StoredSession>) =>
    (needle === undefined ||
      [record.title, record.client, record.notes].some((text) => text.toLowerCase().includes(needle))) &&
    (kind === undefined || record.kind === kind) &&
    tags.every((tag) => record.tags.includes(tag)) &&
    (since === undefined || record.lastOpened >= since)
}

type Comparable = (record: Readonly<StoredSession>) => string

const sortValue: Record<string, Comparable> = {
  title: (record) => record.title.toLowerCase(),
  lastOpened: (record) => record.lastOpened,
  kind: (record) => record.kind,
  status: (record) => record.status,
}

/**
 * The order of a sort key (D10) as a table keeps it: `-` for descending, ties on the key (the id)
 * ascending whatever the direction, titles compared case-insensitively.
 */
function sessionOrderBy(sort: SortKey): OrderBy<Readonly<StoredSession>> {
  const descending = sort.startsWith('-')
  return { value: sortValue[descending ? sort.slice(1) : sort] as Comparable, descending }
}

/**
 * Filters (D11, AND-combined), sorts (D10) and pages (D9) the stored sessions. ISO timestamps of
 * the mock compare as strings, so `recent` is a string comparison. The sort is the table's kept
 * order for the key (sorted once, then each change moved into place), and filtering keeps that
 * order, so a page of a 100,000-session library costs one pass, not a sort, even after a change.
 *
 * @example
 * ```ts
 * listSessions(library.sessions, { q: 'drive', limit: 10 }, { now, days: 30 })
 * ```
 */
export function listSessions(
  sessions: Pick<Table<StoredSession>, 'ordered'>,
  query: SessionListQuery,
  recent: RecentWindow,
): SessionPage {
  const since = query.recent ? new Date(recent.now.getTime() - recent.days * DAY_MS).toISOString() : undefined
  const sort = query.sort ?? '-lastOpened'
  const ordered = sessions.ordered(sort, sessionOrderBy(sort))
  const keep = matches(query, since)
  const found = keep ? ordered.filter(keep) : ordered
  const limit = query.limit ?? LIMITS.listLimitDefault
  const offset = query.offset ?? 0
  return { items: found.slice(offset, offset + limit), total: found.length, limit, offset }
}
