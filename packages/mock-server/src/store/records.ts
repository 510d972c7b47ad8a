import {
  acceptsAsIs,
  fieldPath,
  issueLines,
  lazy,
  type librarySnapshot,
  type storedSession,
  storedWaveform,
  waveformNoteLane,
  writtenLibrary,
  writtenSession,
} from '@session-library/schemas'
import type * as z from 'zod/mini'
import { repeatedKeys } from './repeated-keys.js'

/** The mock's whole state, JSON-safe (what `--data` files hold); `nextId` keeps ids unused across restarts (D5). */
export type LibrarySnapshot = z.output<typeof librarySnapshot>

/** A session as the mock stores it: the answered fields plus the search-only `client` (D11). */
export type StoredSession = z.output<typeof storedSession>

/** A value read-only at any depth (what `MockApi.store` hands out). */
export type Frozen<T> = T extends string | number | boolean | bigint | symbol | null | undefined
  ? T
  : T extends readonly (infer Item)[]
    ? readonly Frozen<Item>[]
    : T extends object
      ? { readonly [Key in keyof T]: Frozen<T[Key]> }
      : T

/** Freezes a stored record deeply, once: records never change in place, so a test cannot change one by mistake. */
export function frozen<T>(value: T): Frozen<T> {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner)
    Object.freeze(value)
  }
  return value as Frozen<T>
}

/** A waveform note lane as the mock stores it (D14): one per session and preview variant. */
export type StoredLane = LibrarySnapshot['lanes'][number]

/** A waveform the mock answers as stored, for one session and preview variant (a cloned library's). */
export type StoredWaveform = z.output<typeof storedWaveform>

/** The key of a waveform and of its note lane (D13, D14). */
export function waveformKey(sessionId: string, variantId: string): string {
  return `${encodeURIComponent(sessionId)}:${encodeURIComponent(variantId)}`
}

export type LibraryPart = Exclude<keyof LibrarySnapshot, 'version' | 'nextId'>

export type PartRecord<P extends LibraryPart> = NonNullable<LibrarySnapshot[P]>[number]

// The store, the change log and its replay are generic over this table: a new part needs one entry here.
export const LIBRARY_PARTS: {
  [P in LibraryPart]: {
    model: z.ZodMiniType<PartRecord<P>>
    keyOf: (record: PartRecord<P>) => string
    /** Left out of a snapshot while empty, so a library without it keeps the older format. */
    optional?: true
  }
} = {
  sessions: { model: writtenSession, keyOf: (record) => record.id },
  // Built at the first write or check of a lane, not with the table.
  lanes: { model: lazy(() => waveformNoteLane.exact), keyOf: (record) => record.key },
  waveforms: {
    model: storedWaveform,
    keyOf: (record) => waveformKey(record.sessionId, record.variantId),
    optional: true,
  },
}

export const libraryPartNames = Object.keys(LIBRARY_PARTS) as LibraryPart[]

export const recordKey = (part: LibraryPart, record: object): string =>
  (LIBRARY_PARTS[part].keyOf as (record: object) => string)(record)

/** What one change did to one part of the library: records stored and keys deleted. */
export interface PartChange<T> {
  put: T[]
  del: string[]
}

/** One change of the library, record by record (a `--data` change log line); `whole` replaced everything (a reset). */
export type LibraryChange = { nextId: number; whole?: true } & {
  [P in LibraryPart]?: PartChange<PartRecord<P>>
}

/** Each key held twice within a part: `<prefix>.sessions[3]: duplicate key ses_a (as <prefix>.sessions[0])`. */
function duplicateKeys(library: LibrarySnapshot, prefix = ''): string[] {
  return libraryPartNames.flatMap((part) => {
    const records: readonly object[] = library[part] ?? []
    const keyAt = (at: number) => recordKey(part, records[at] as object)
    return repeatedKeys(records.length, keyAt).map(
      ([at, first]) => `${prefix}${part}[${at}]: duplicate key ${keyAt(at)} (as ${prefix}${part}[${first}])`,
    )
  })
}

/** Each reference that points at nothing: a preferred preview, a lane's or waveform's session or variant (D12, D14). */
function danglingReferences(library: LibrarySnapshot, prefix = ''): string[] {
  const previews = new Map(library.sessions.map((session) => [session.id, session.previews.map(({ id }) => id)]))
  const preferred = library.sessions.flatMap(({ id, preferredPreviewId }, index) =>
    preferredPreviewId === '' || previews.get(id)?.includes(preferredPreviewId)
      ? []
      : [
          `${prefix}sessions[${index}].preferredPreviewId (record ${id}): no preview ${preferredPreviewId} in its previews`,
        ],
  )
  const owned = (part: 'lanes' | 'waveforms') =>
    (library[part] ?? []).flatMap((record, index) => {
      const { sessionId, variantId } = record
      const variants = previews.get(sessionId)
      const [field, missing] =
        variants === undefined
          ? ['sessionId', `no session ${sessionId}`]
          : ['variantId', `no preview ${variantId} in session ${sessionId}`]
      if (variants?.includes(variantId)) return []
      return [`${prefix}${part}[${index}].${field} (record ${recordKey(part, record)}): ${missing}`]
    })
  return [...preferred, ...owned('lanes'), ...owned('waveforms')]
}

/** What the records of a well-formed library break together: a key held twice, a reference to nothing. */
const keyProblems = (library: LibrarySnapshot, prefix = '') => [
  ...duplicateKeys(library, prefix),
  ...danglingReferences(library, prefix),
]

/** Each issue of a check in the contract's wording, naming the id of the record its path points into. */
export function namedIssues(
  issues: readonly z.core.$ZodIssue[],
  idAt: (path: readonly PropertyKey[]) => unknown,
  prefix?: string,
): string[] {
  return issues.flatMap((issue) => {
    const id = idAt(issue.path)
    const lines = issueLines([issue], prefix)
    if (typeof id !== 'string') return lines
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path]
    return lines.map((line, at) => {
      const path = fieldPath(paths[at] ?? [], prefix)
      return `${path} (record ${id})${line.slice(path.length)}`
    })
  })
}

/**
 * The library checked against the contract (`writtenLibrary`, D5–D7), or a TypeError naming each bad
 * record and field, each key held twice and each reference to nothing: before any request, not a 500.
 */
export function checkLibrary(library: unknown): LibrarySnapshot {
  const checked = writtenLibrary.safeParse(library)
  const idAt = ([part, index]: readonly PropertyKey[]) =>
    typeof index === 'number' ? (library as Record<string, { id?: unknown }[]>)[String(part)]?.[index]?.id : undefined
  const problems = checked.success
    ? keyProblems(checked.data, 'library.')
    : namedIssues(checked.error.issues, idAt, 'library')
  if (problems.length > 0) throw new TypeError(`invalid library: ${problems.join('; ')}`)
  return checked.data as LibrarySnapshot
}

/** At most this many records' problems are listed; the rest are counted. */
const LISTED = 5

/**
 * What keeps stored records (a `--data` file's part, a change log line's) from loading: each must be
 * exactly as a write leaves it (D5–D7). Each problem names the record's place in `list`, its id and the field.
 */
export function recordProblems(part: LibraryPart, records: readonly unknown[], list: string = part): string[] {
  const model = LIBRARY_PARTS[part].model as z.ZodMiniType
  const asIs = acceptsAsIs(model)
  const problems: string[] = []
  let bad = 0
  for (let index = 0; index < records.length; index++) {
    const record = records[index]
    if (asIs(record) || ++bad > LISTED) continue
    const at = `${list}[${index}]`
    const id = (record as { id?: unknown } | null)?.id
    const checked = model.safeParse(record)
    if (!checked.success) {
      problems.push(...namedIssues(checked.error.issues, () => id, at))
      continue
    }
    // Accepted, yet stored otherwise by a write: each field a write would change.
    const shape = (model as z.ZodMiniObject).def.shape as Record<string, z.ZodMiniType>
    for (const [key, field] of Object.entries(shape)) {
      if (acceptsAsIs(field)((record as Record<string, unknown>)[key])) continue
      const stored = JSON.stringify((checked.data as Record<string, unknown>)[key])
      const named = `${at}.${key}${typeof id === 'string' ? ` (record ${id})` : ''}`
      problems.push(
        `${named}: is not as a write stores it (${stored.length > 80 ? `${stored.slice(0, 80)}…` : stored})`,
      )
    }
  }
  if (bad > LISTED) problems.push(`and ${bad - LISTED} more ${part} records`)
  return problems
}

/** What keeps a `--data` file's library from loading: its shape, each record, each key held once, each reference. */
export function libraryProblems(library: unknown): string[] {
  if (acceptsAsIs(writtenLibrary)(library)) return keyProblems(library as LibrarySnapshot)
  const record = (typeof library === 'object' && library !== null ? library : {}) as Record<string, unknown>
  const parts = libraryPartNames.filter((part) => Array.isArray(record[part]))
  // The records are checked one by one below; the rest of the library here, its parts empty.
  const shell = writtenLibrary.safeParse({ ...record, ...Object.fromEntries(parts.map((part) => [part, []])) })
  const problems = [
    ...(shell.success ? [] : issueLines(shell.error.issues, '', 'library')),
    ...parts.flatMap((part) => recordProblems(part, record[part] as unknown[])),
  ]
  return problems.length > 0 ? problems : keyProblems(library as LibrarySnapshot)
}
