import type { librarySnapshot, storedSession, storedWaveform, z } from '@session-library/schemas'

/**
 * The mock's whole state in a JSON-safe form: what `--data` files hold, as the contract's
 * `librarySnapshot` schema reads it. `nextId` keeps ids from being reused across restarts (D5).
 *
 * @example
 * ```ts
 * const copy: LibrarySnapshot = api.snapshot()
 * ```
 */
export type LibrarySnapshot = z.output<typeof librarySnapshot>

/**
 * A session as the mock stores it: the answered fields plus the search-only `client` (D11).
 *
 * @example
 * ```ts
 * const first: StoredSession = api.snapshot().sessions[0]
 * ```
 */
export type StoredSession = z.output<typeof storedSession>

/**
 * A waveform note lane as the mock stores it (D14): one per session and preview variant.
 *
 * @example
 * ```ts
 * const lane: StoredLane = api.snapshot().lanes[0]
 * ```
 */
export type StoredLane = LibrarySnapshot['lanes'][number]

/**
 * A waveform the mock answers as stored, for one session and preview variant (a cloned library's).
 *
 * @example
 * ```ts
 * const stored: StoredWaveform | undefined = api.snapshot().waveforms?.[0]
 * ```
 */
export type StoredWaveform = z.output<typeof storedWaveform>
