import { fieldPath, writtenLibrary, z } from '@session-library/schemas'
import { LIBRARY_PARTS, libraryPartNames } from './library-parts.js'
import type { LibrarySnapshot } from './records.js'

/** The id of the record a path points into, when it has one: ` (record ses_x)`. */
function recordId(path: readonly PropertyKey[], library: unknown): string {
  const [part, index] = path
  const record = (library as Record<string, unknown[] | undefined>)[String(part)]?.[index as number]
  const id = (record as { id?: unknown } | undefined)?.id
  return typeof index === 'number' && typeof id === 'string' ? ` (record ${id})` : ''
}

function duplicates(library: LibrarySnapshot): string[] {
  return libraryPartNames.flatMap((part) => {
    const seen = new Map<string, number>()
    const keyOf = LIBRARY_PARTS[part].keyOf as (record: unknown) => string
    return (library[part] ?? []).flatMap((record, index) => {
      const key = keyOf(record)
      const first = seen.get(key)
      seen.set(key, first ?? index)
      return first === undefined
        ? []
        : [`library.${part}[${index}]: duplicate key ${key} (as library.${part}[${first}])`]
    })
  })
}

// The contract's write rules compiled by zod itself (`z.compile`, as a `--data` file is read): at
// 100,000 sessions they cost less than the stored shape alone did uncompiled. Compiled on first
// use: a mock on the demo library needs none.
let compiledLibrary: typeof writtenLibrary | undefined
const checkedLibrary = () => {
  compiledLibrary ??= z.compile(writtenLibrary)
  return compiledLibrary
}

/**
 * The library checked against the contract (a new object: zod's output, so the caller's stays
 * theirs), or a TypeError naming each bad record (where it is and its id) and field, and each key
 * held twice — before any request, rather than a 500 at the first one. Sessions must hold only what
 * writes through the API can leave (`writtenLibrary`: a title of 1–200 characters, tags without a
 * comma…, D5–D7), stored as a write stores them (trimmed, a repeated tag dropped). A `--data` file
 * is not checked here: it may hold whatever a real library holds.
 *
 * @example
 * ```ts
 * checkLibrary({ version: 1, nextId: 1, sessions: [], lanes: [] })
 * ```
 */
export function checkLibrary(library: unknown): LibrarySnapshot {
  const checked = checkedLibrary().safeParse(library)
  if (!checked.success) {
    const named = checked.error.issues.map(
      (issue) => `${fieldPath(issue.path, 'library')}${recordId(issue.path, library)}: ${issue.message}`,
    )
    throw new TypeError(`invalid library: ${named.join('; ')}`)
  }
  const twice = duplicates(checked.data)
  if (twice.length > 0) throw new TypeError(`invalid library: ${twice.join('; ')}`)
  return checked.data
}
