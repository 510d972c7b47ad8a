import { storedSession, storedWaveform, waveformNoteLane, type z } from '@session-library/schemas'
import type { LibrarySnapshot } from './records.js'
import { waveformKey } from './waveform-key.js'

/** The parts of a library snapshot that hold records (all but `version` and `nextId`). */
export type LibraryPart = Exclude<keyof LibrarySnapshot, 'version' | 'nextId'>

/** The record type of a part (a part may be optional in the snapshot: an older file lacks it). */
export type PartRecord<P extends LibraryPart> = NonNullable<LibrarySnapshot[P]>[number]

/**
 * How each part's records are checked and keyed. The store, the change log and its replay are
 * generic over this table: a new part of the snapshot needs one entry here and nothing else.
 *
 * @example
 * ```ts
 * LIBRARY_PARTS.sessions.keyOf(record) // record.id
 * ```
 */
export const LIBRARY_PARTS: {
  [P in LibraryPart]: {
    model: z.ZodMiniType<PartRecord<P>>
    keyOf: (record: PartRecord<P>) => string
    /** Left out of a snapshot while empty, so a library without it keeps the older format. */
    optional?: true
  }
} = {
  sessions: {
    model: storedSession,
    keyOf: (record) => record.id,
  },
  lanes: {
    model: waveformNoteLane.exact,
    keyOf: (record) => record.key,
  },
  waveforms: {
    model: storedWaveform,
    keyOf: (record) => waveformKey(record.sessionId, record.variantId),
    optional: true,
  },
}

/** The part names, in snapshot order. */
export const libraryPartNames = Object.keys(LIBRARY_PARTS) as LibraryPart[]

/**
 * What one change did to one part: records stored (new or replacing) and keys deleted.
 *
 * @example
 * ```ts
 * const change: PartChange<StoredLane> = { put: [lane], del: [] }
 * ```
 */
export interface PartChange<T> {
  put: T[]
  del: string[]
}

/**
 * What one change of the library did, record by record: what the `--data` change log holds, one
 * line a change. `whole` marks a change that replaced the whole library (a reset): it carries
 * every record, and whatever came before it no longer counts.
 *
 * @example
 * ```ts
 * const change: LibraryChange = { nextId: 8, sessions: { put: [record], del: [] } }
 * ```
 */
export type LibraryChange = { nextId: number; whole?: true } & {
  [P in LibraryPart]?: PartChange<PartRecord<P>>
}
