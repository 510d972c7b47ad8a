import { NotFound } from '../primitives/errors.js'
import { opaqueId } from '../primitives/ids.js'
import {
  type Frozen,
  frozen,
  LIBRARY_PARTS,
  type LibraryChange,
  type LibraryPart,
  type LibrarySnapshot,
  libraryPartNames,
  type PartRecord,
  type StoredLane,
  type StoredSession,
  type StoredWaveform,
  waveformKey,
} from './records.js'
import { noteWritten } from './sessions.js'
import { Table, type TableWatcher } from './table.js'

/** Secondary indexes kept by the tables' watchers: project paths (D15's skip rule), each session's lanes (D14). */
class SessionIndexes {
  /** How many sessions have each path, current or original; built on first use (an import's first item). */
  #paths: Map<string, number> | undefined
  readonly #lanes = new Map<string, Set<string>>()

  clear(): void {
    this.#paths = undefined
    this.#lanes.clear()
  }

  knowsPath(path: string, sessions: Iterable<Readonly<StoredSession>>): boolean {
    if (this.#paths === undefined) {
      this.#paths = new Map()
      for (const session of sessions) this.#countPaths(session, 1)
    }
    return this.#paths.has(path)
  }

  lanesOf(sessionId: string): string[] {
    return [...(this.#lanes.get(sessionId) ?? [])]
  }

  sessionChanged(before: Readonly<StoredSession> | undefined, after: Readonly<StoredSession> | undefined): void {
    if (this.#paths === undefined) return
    if (before) this.#countPaths(before, -1)
    if (after) this.#countPaths(after, 1)
  }

  laneChanged(before: Readonly<StoredLane> | undefined, after: Readonly<StoredLane> | undefined): void {
    if (before) this.#lanes.get(before.sessionId)?.delete(before.key)
    if (after) {
      const keys = this.#lanes.get(after.sessionId) ?? new Set()
      this.#lanes.set(after.sessionId, keys.add(after.key))
    }
  }

  #countPaths({ projectPath, projectOriginalPath }: Readonly<StoredSession>, by: number): void {
    const paths = this.#paths as Map<string, number>
    for (const path of projectOriginalPath === projectPath ? [projectPath] : [projectPath, projectOriginalPath]) {
      const count = (paths.get(path) ?? 0) + by
      if (count > 0) paths.set(path, count)
      else paths.delete(path)
    }
  }
}

type Tables = { [P in LibraryPart]: Table<PartRecord<P>> }

function createTables(indexes: SessionIndexes, changed: () => void): Tables {
  let lastWritten: Readonly<StoredSession> | undefined
  const table = <P extends LibraryPart>(part: P, watch?: TableWatcher<PartRecord<P>>) =>
    new Table<PartRecord<P>>(LIBRARY_PARTS[part].model, LIBRARY_PARTS[part].keyOf, (before, after, loaded) => {
      changed()
      watch?.(before, after, loaded)
    })
  return {
    sessions: table('sessions', (before, after, loaded) => {
      indexes.sessionChanged(before, after)
      if (after && !loaded) noteWritten(after, lastWritten)
      if (after && !loaded) lastWritten = after
    }),
    lanes: table('lanes', (before, after) => indexes.laneChanged(before, after)),
    waveforms: table('waveforms'),
  }
}

/**
 * The mock's library: a {@link Table} per part of the snapshot, the id counter and the indexes.
 * `revision` moves on every change (when to persist); {@link Library.drainChange} says what changed.
 */
export class Library {
  readonly #indexes = new SessionIndexes()
  readonly #tables: Tables = createTables(this.#indexes, () => this.#changed())
  readonly sessions: Table<StoredSession> = this.#tables.sessions
  readonly lanes: Table<StoredLane> = this.#tables.lanes
  readonly waveforms: Table<StoredWaveform> = this.#tables.waveforms
  #nextId = 1
  #revision = 0
  #whole = false
  readonly #seed: number

  constructor(seed: number) {
    this.#seed = seed
  }

  get revision(): number {
    return this.#revision
  }

  /** Replaces the whole library with a snapshot the caller checked; its records are stored as they are. */
  load(snapshot: LibrarySnapshot): void {
    this.#indexes.clear()
    for (const part of libraryPartNames) this.#tables[part].load((snapshot[part] ?? []) as never)
    this.#nextId = snapshot.nextId
    this.#whole = true
    this.#changed()
  }

  /** Applies a change log's line: records checked, ids kept unused; a `whole` one empties the library first. */
  apply(change: LibraryChange): void {
    if (change.whole) for (const part of libraryPartNames) this.#tables[part].load([])
    for (const part of libraryPartNames) {
      const table = this.#tables[part] as Table<object>
      for (const record of change[part]?.put ?? []) table.put(record)
      for (const key of change[part]?.del ?? []) table.delete(key)
    }
    this.#nextId = Math.max(this.#nextId, change.nextId)
    this.#changed()
  }

  /** The whole library, its records shared, not copied (stored records never change in place). */
  image(): LibrarySnapshot {
    const kept = libraryPartNames.filter((part) => !LIBRARY_PARTS[part].optional || this.#tables[part].size > 0)
    const parts = Object.fromEntries(kept.map((part) => [part, this.#tables[part].all()]))
    return { version: 1, nextId: this.#nextId, ...parts } as LibrarySnapshot
  }

  snapshot(): LibrarySnapshot {
    return structuredClone(this.image())
  }

  /** What changed since the last call, record by record; after a load, `whole` with every record. */
  drainChange(): LibraryChange {
    const change: LibraryChange = { nextId: this.#nextId }
    for (const part of libraryPartNames) {
      const table = this.#tables[part] as Table<object>
      const keys = [...table.drainChanged()]
      const put = this.#whole ? table.all() : keys.flatMap((key) => table.peek(key) ?? [])
      const del = this.#whole ? [] : keys.filter((key) => !table.has(key))
      if (this.#whole || keys.length > 0) Object.assign(change, { [part]: { put, del } })
    }
    if (this.#whole) change.whole = true
    this.#whole = false
    return change
  }

  get nextId(): number {
    return this.#nextId
  }

  /** A new opaque id, never handed out before for this library (D5), nor held by a session it loaded. */
  newId(prefix: string): string {
    let id: string
    do {
      id = opaqueId(prefix, this.#seed, this.#nextId)
      this.#nextId += 1
    } while (this.sessions.peek(id) !== undefined)
    // The counter moved: a persisted `nextId` must not hand this id out again.
    this.#changed()
    return id
  }

  #changed(): void {
    this.#revision += 1
  }

  knowsProjectPath(path: string): boolean {
    return this.#indexes.knowsPath(path, this.sessions.values())
  }

  /** The stored session, or the 404 of D3 ({@link NotFound}). */
  readSession(id: string): Readonly<StoredSession> {
    return found(this.sessions.peek(id))
  }

  updateSession(id: string, change: (draft: StoredSession) => void): Readonly<StoredSession> {
    return found(this.sessions.update(id, change))
  }

  /** Deletes a session, its waveform note lanes (D14) and its stored waveforms. */
  deleteSession(id: string): void {
    const record = this.readSession(id)
    this.sessions.delete(id)
    for (const key of this.#indexes.lanesOf(id)) this.lanes.delete(key)
    for (const preview of record.previews) this.waveforms.delete(waveformKey(id, preview.id))
  }
}

function found<T>(session: T | undefined): T {
  if (session === undefined) throw new NotFound('session')
  return session
}

/**
 * The mock's library read in place (`MockApi.store`): each call reads what is stored now. The records
 * are the stored ones, frozen: changing one is a compile error and a TypeError.
 */
export interface LiveStore {
  /** The stored session with this id, if any. */
  session(id: string): Frozen<StoredSession> | undefined
  /** Every stored session, in the order they were stored (a new array). */
  sessions(): readonly Frozen<StoredSession>[]
  /** Every waveform note lane (a new array). */
  lanes(): readonly Frozen<StoredLane>[]
  /** The id counter: the next id a create hands out comes from it. */
  readonly nextId: number
}

/** A {@link LiveStore} over whatever library `current` gives now (a reset replaces it). */
export function liveStore(current: () => Library): LiveStore {
  return {
    session: (id) => frozen(current().sessions.peek(id)),
    sessions: () => current().sessions.all().map(frozen),
    lanes: () => current().lanes.all().map(frozen),
    get nextId() {
      return current().nextId
    },
  }
}
