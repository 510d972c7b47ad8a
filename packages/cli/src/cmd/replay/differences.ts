import { fieldPath, isRecord } from '@session-library/schemas'

/** A field whose value differs between the recorded answer and the live one beyond what may differ. */
export interface Difference {
  /** As a departure names it: `data.title`, `data[2].tags`. */
  readonly path: string
  /** `undefined`: the field is absent there. */
  readonly recorded: unknown
  readonly live: unknown
}

// What two servers answer differently by design: the ids they assign, the times, the paths and URLs they
// make, and health's facts about the server itself.
const ID = /^(id|\w+Id)$/
const MADE = /^(path|\w+Path|\w+Url|port|requestCount|recentRequests|lastError|durationMs)$/
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d/

export const mayDiffer = (key: PropertyKey | undefined, value: unknown): boolean =>
  typeof key === 'string' && (ID.test(key) || MADE.test(key) || (typeof value === 'string' && TIMESTAMP.test(value)))

/** The fields whose values differ, but where they `mayDiffer`; `ids` learns each id the live server gave anew. */
export function differences(
  recorded: unknown,
  live: unknown,
  ids: Map<string, string>,
  path: PropertyKey[] = [],
): Difference[] {
  const key = path.at(-1)
  if (recorded !== undefined && live !== undefined && mayDiffer(key, recorded) && mayDiffer(key, live)) {
    if (typeof key === 'string' && ID.test(key) && typeof recorded === 'string' && typeof live === 'string')
      ids.set(recorded, live)
    return []
  }
  if (Array.isArray(recorded) && Array.isArray(live)) {
    const length = Math.max(recorded.length, live.length)
    return Array.from({ length }, (_, index) => differences(recorded[index], live[index], ids, [...path, index])).flat()
  }
  if (isRecord(recorded) && isRecord(live)) {
    const keys = new Set([...Object.keys(recorded), ...Object.keys(live)])
    return [...keys].flatMap((key) => differences(recorded[key], live[key], ids, [...path, key]))
  }
  if (Object.is(recorded, live)) return []
  return [{ path: fieldPath(path), recorded, live }]
}

/** `value` with every string that is a recorded id replaced by the live server's. */
export function mapIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value
  if (Array.isArray(value)) return value.map((item) => mapIds(item, ids))
  if (!isRecord(value)) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapIds(item, ids)]))
}

/** The ids a recorded answer names (`data.id`, `data.importId`…): what a later request may use. */
export function idsIn(value: unknown, key?: string): string[] {
  if (typeof value === 'string') return key !== undefined && ID.test(key) && value !== '' ? [value] : []
  if (Array.isArray(value)) return value.flatMap((item) => idsIn(item, key))
  if (!isRecord(value)) return []
  return Object.entries(value).flatMap(([name, item]) => idsIn(item, name))
}
