import { NotFound } from '../errors/lookup-errors.js'
import { opaqueId } from '../runtime/ids.js'
import {
  LIBRARY_PARTS,
  type LibraryChange,
  type LibraryPart,
  libraryPartNames,
  type PartRecord,
} from './library-parts.js'
import type { LibrarySnapshot, StoredLane, StoredSession, StoredWaveform } from './records.js'
import { SessionIndexes } from './session-indexes.js'
import { noteWritten } from './session-record.js'
import { Table, type TableWatcher } from './table.js'
import { waveformKey } from './waveform-key.js'

type Tables = { [P in LibraryPart]: Table<PartRecord<P>> }

// Every table tells `changed` of each write itself: no caller has to remember to.
function createTables(indexes: SessionIndexes, changed: () => void): Tables {
  const table = <P extends LibraryPart>(part: P, watch?: TableWatcher<PartRecord<P>>) =>
    new Table<PartRecord<P>>(LIBRARY_PARTS[part].model, LIBRARY_PARTS[part].keyOf, (before, after) => {
      changed()
      watch?.(before, after)
    })
  return {
    sessions: table('sessions', (before, after) => {
      indexes.sessionChanged(before, after)
      if (after) noteWritten(after)
    }),
    lanes: table('lanes', (before, after) => indexes.laneChanged(before, after)),
    waveforms: table('waveforms'),
  }
}

/**
 * The mock's library: sessions and waveform note lanes in `@msw/data` collections (behind
 * {@link Table}, one per part of the snapshot), the id counter, and the indexes that let every
 * write reach its records without a scan. `revision` moves on every change, so the pipeline knows
 * when to persist, and {@link Library.drainChange} says what changed, record by record.
 *
 * @example
 * ```ts
 * const library = new Library(1)
 * library.load(snapshot)
 * library.newId('ses')
 * ```
 */
export class Library {
  readonly #indexes = new SessionIndexes()
  readonly tables: Tables = createTables(this.#indexes, () => this.#changed())
  readonly sessions: Table<StoredSession> = this.tables.sessions
  readonly lanes: Table<StoredLane> = this.tables.lanes
  /** Waveforms answered as stored (a cloned library), by `waveformKey`. */
  readonly waveforms: Table<StoredWaveform> = this.tables.waveforms
  #nextId = 1
  #revision = 0
  #whole = false
  readonly #seed: number

  constructor(seed: number) {
    this.#seed = seed
  }

  /** Moves on every change of the library: every write of a table, a new id, a load. */
  get revision(): number {
    return this.#revision
  }

  /**
   * Replaces the whole library with a snapshot already checked against the contract (by the
   * caller: once for a whole file, or not at all for the demo library the mock generates itself).
   * The snapshot's records are stored as they are; ids stay unused up to `atLeast`.
   */
  load(snapshot: LibrarySnapshot, atLeast = 1): void {
    this.#indexes.clear()
    for (const part of libraryPartNames) this.tables[part].load((snapshot[part] ?? []) as never)
    this.#nextId = Math.max(snapshot.nextId, atLeast)
    this.#whole = true
    this.#changed()
  }

  /**
   * Applies a change of another run (a change log's line): records checked, ids kept unused. A
   * `whole` change first empties the library: it holds every record.
   */
  apply(change: LibraryChange): void {
    if (change.whole) for (const part of libraryPartNames) this.tables[part].load([])
    for (const part of libraryPartNames) {
      const table = this.tables[part] as Table<object>
      for (const record of change[part]?.put ?? []) table.put(record)
      for (const key of change[part]?.del ?? []) table.delete(key)
    }
    this.#nextId = Math.max(this.#nextId, change.nextId)
    this.#changed()
  }

  /** The whole library, its records shared, not copied (stored records never change in place). */
  image(): LibrarySnapshot {
    const kept = libraryPartNames.filter((part) => !LIBRARY_PARTS[part].optional || this.tables[part].size > 0)
    const parts = Object.fromEntries(kept.map((part) => [part, this.tables[part].all()]))
    return { version: 1, nextId: this.#nextId, ...parts } as LibrarySnapshot
  }

  /** The whole library, JSON-safe, a copy. */
  snapshot(): LibrarySnapshot {
    return structuredClone(this.image())
  }

  /** What changed since the last call, record by record; after a load, `whole` with every record. */
  drainChange(): LibraryChange {
    const change: LibraryChange = { nextId: this.#nextId }
    for (const part of libraryPartNames) {
      const table = this.tables[part] as Table<object>
      const keys = table.drainChanged()
      if (this.#whole) Object.assign(change, { [part]: { put: table.all(), del: [] } })
      if (keys.size === 0 || this.#whole) continue
      const put = [...keys].flatMap((key) => table.peek(key) ?? [])
      const del = [...keys].filter((key) => !table.has(key))
      Object.assign(change, { [part]: { put, del } })
    }
    if (this.#whole) change.whole = true
    this.#whole = false
    return change
  }

  /** The stored waveform of a session's variant, if the library holds one. */
  storedWaveform(sessionId: string, variantId: string): StoredWaveform['waveform'] | undefined {
    return this.waveforms.peek(waveformKey(sessionId, variantId))?.waveform
  }

  /** The next id counter, which the snapshot carries so ids are never reused (D5). */
  get nextId(): number {
    return this.#nextId
  }

  /**
   * A new opaque id, never handed out before for this library (D5), nor held by a session it
   * loaded (a cloned library's ids came from elsewhere, maybe from a mock with the same seed).
   */
  newId(prefix: string): string {
    let id: string
    do {
      id = opaqueId(prefix, this.#seed, this.#nextId)
      this.#nextId += 1
    } while (this.sessions.peek(id) !== undefined)
    // The counter moved: a persisted `nextId` must not hand this id out again (D5).
    this.#changed()
    return id
  }

  #changed(): void {
    this.#revision += 1
  }

  /** Whether a session has this project path, as its current or its original one (D15). */
  knowsProjectPath(path: string): boolean {
    return this.#indexes.knowsPath(path)
  }

  /** A copy of the session, or the 404 of D3 ({@link NotFound}). */
  requireSession(id: string): StoredSession {
    const record = this.sessions.get(id)
    if (record === undefined) throw new NotFound('session')
    return record
  }

  /** The stored session, read-only and not a copy (see {@link Table.peek}), or the 404 of D3. */
  readSession(id: string): Readonly<StoredSession> {
    const record = this.sessions.peek(id)
    if (record === undefined) throw new NotFound('session')
    return record
  }

  /** Changes a session through a draft. */
  updateSession(id: string, change: (draft: StoredSession) => void): Readonly<StoredSession> {
    const record = this.sessions.update(id, change)
    if (record === undefined) throw new NotFound('session')
    return record
  }

  /** Deletes a session, its waveform note lanes (D14) and its stored waveforms. */
  deleteSession(id: string): void {
    const record = this.sessions.peek(id)
    if (record === undefined || !this.sessions.delete(id)) throw new NotFound('session')
    for (const key of this.#indexes.lanesOf(id)) this.lanes.delete(key)
    // A stored waveform belongs to one of the session's previews: no scan needed to find them.
    for (const preview of record.previews) this.waveforms.delete(waveformKey(id, preview.id))
  }
}
