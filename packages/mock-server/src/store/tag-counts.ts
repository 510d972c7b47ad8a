import type { TagCount } from '@session-library/schemas'
import type { StoredSession } from './records.js'

/** Counts each tag across all sessions (D16): count descending, then tag ascending. */
export function countTags(records: Iterable<Readonly<StoredSession>>): TagCount[] {
  const counts = new Map<string, number>()
  for (const record of records) {
    for (const tag of record.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  return Array.from(counts, ([tag, count]) => ({ tag, count })).sort(
    (a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0),
  )
}
