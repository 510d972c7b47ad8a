import type { Library } from './library.js'
import type { StoredLane, StoredSession } from './records.js'

/**
 * The mock's library read in place (`MockApi.store`): every call reads what is stored now, so a
 * test sees each change as it happens, and nothing is copied. The records are the stored ones:
 * read them, never change them (the mock never changes a stored record either; a write stores a
 * new one).
 *
 * @example
 * ```ts
 * api.store.session('ses_1')?.title
 * api.store.sessions().length
 * ```
 */
export interface LiveStore {
  /** The stored session with this id, if any. */
  session(id: string): Readonly<StoredSession> | undefined
  /** Every stored session, in the order they were stored. */
  sessions(): readonly Readonly<StoredSession>[]
  /** Every waveform note lane (D14). */
  lanes(): readonly Readonly<StoredLane>[]
  /** The id counter: the next id a create hands out comes from it (D5). */
  readonly nextId: number
}

/**
 * A {@link LiveStore} over whatever library `current` gives now (a reset replaces it).
 *
 * @example
 * ```ts
 * const store = liveStore(() => runtime.library)
 * ```
 */
export function liveStore(current: () => Library): LiveStore {
  return {
    session: (id) => current().sessions.peek(id),
    sessions: () => current().sessions.all(),
    lanes: () => current().lanes.all(),
    get nextId() {
      return current().nextId
    },
  }
}
