// The contract's exact schemas infer some fields as unknown; the records are checked all the same.
import { librarySnapshot, storedSession, waveformNoteLane, type z } from '@session-library/schemas'
import { ApiError } from '../http/api-error.js'
import { opaqueId } from '../runtime/ids.js'
import type { LibrarySnapshot, StoredLane, StoredSession, StoredWaveform } from '../types.js'
import { waveformKey } from '../waveform/waveforms.js'
import { Table } from './table.js'

/**
 * The mock's library: sessions and waveform note lanes in `@msw/data` collections (behind
 * {@link Table}), plus the id counter. `revision` moves on every change, so the pipeline knows
 * when to call `onChange`.
 *
 * @example
 * ```ts
 * const library = new Library(1)
 * await library.load(snapshot)
 * library.newId('ses')
 * ```
 */
export class Library {
  readonly sessions = new Table<StoredSession>(
    storedSession as unknown as z.ZodMiniType<StoredSession>,
    (record) => record.id,
  )
  readonly lanes = new Table<StoredLane>(
    waveformNoteLane.exact as unknown as z.ZodMiniType<StoredLane>,
    (record) => record.key,
  )
  /** Waveforms answered as stored (a cloned library), by `waveformKey`. */
  readonly #waveforms = new Map<string, StoredWaveform>()
  #nextId = 1
  #revision = 0
  readonly #seed: number

  constructor(seed: number) {
    this.#seed = seed
  }

  /** Moves on every change of the library. */
  get revision(): number {
    return this.#revision
  }

  /** Replaces the whole library with a snapshot, checked first; ids stay unused after `atLeast`. */
  async load(snapshot: LibrarySnapshot, atLeast = 1): Promise<void> {
    const checked = librarySnapshot.parse(snapshot) as LibrarySnapshot
    this.sessions.clear()
    this.lanes.clear()
    for (const record of checked.sessions) await this.sessions.insert(record)
    for (const lane of checked.lanes) await this.lanes.insert(lane)
    this.#waveforms.clear()
    for (const stored of checked.waveforms ?? [])
      this.#waveforms.set(waveformKey(stored.sessionId, stored.variantId), stored)
    this.#nextId = Math.max(checked.nextId, atLeast)
    this.touch()
  }

  /** The whole library, JSON-safe. */
  snapshot(): LibrarySnapshot {
    const snapshot: LibrarySnapshot = {
      version: 1,
      nextId: this.#nextId,
      sessions: this.sessions.all(),
      lanes: this.lanes.all(),
    }
    if (this.#waveforms.size > 0) snapshot.waveforms = structuredClone([...this.#waveforms.values()])
    return snapshot
  }

  /** The stored waveform of a session's variant, if the library holds one. */
  storedWaveform(sessionId: string, variantId: string): StoredWaveform['waveform'] | undefined {
    return this.#waveforms.get(waveformKey(sessionId, variantId))?.waveform
  }

  /** The next id counter, which `snapshot()` carries so ids are never reused (D5). */
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
    return id
  }

  /** Marks the library as changed. */
  touch(): void {
    this.#revision += 1
  }

  /** A copy of the session, or the 404 of D3. */
  requireSession(id: string): StoredSession {
    const record = this.sessions.get(id)
    if (record === undefined) throw new ApiError('not_found')
    return record
  }

  /** The stored session, read-only and not a copy (see {@link Table.peek}), or the 404 of D3. */
  readSession(id: string): Readonly<StoredSession> {
    const record = this.sessions.peek(id)
    if (record === undefined) throw new ApiError('not_found')
    return record
  }

  /** Changes a session through a draft and marks the library changed. */
  async updateSession(id: string, change: (draft: StoredSession) => void): Promise<StoredSession> {
    const record = await this.sessions.update(id, change)
    if (record === undefined) throw new ApiError('not_found')
    this.touch()
    return record
  }

  /** Deletes a session and its waveform note lanes (D14). */
  deleteSession(id: string): void {
    if (!this.sessions.delete(id)) throw new ApiError('not_found')
    const lanes = [...this.lanes.values()].filter((lane) => lane.sessionId === id)
    for (const lane of lanes) this.lanes.delete(lane.key)
    for (const [key, stored] of this.#waveforms) if (stored.sessionId === id) this.#waveforms.delete(key)
    this.touch()
  }
}
