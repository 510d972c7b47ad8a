import * as z from 'zod/mini'
import { session, waveformNoteLane } from './exact.js'

// Built here, next to the resources, because the mock has no zod of its own: one zod instance
// checks both what the mock answers and what it keeps on disk.

/**
 * A session as the mock stores it: exactly the answered fields (SPEC §2.1) plus the search-only
 * `client` that it never returns (DECISIONS D11).
 *
 * @example
 * ```ts
 * import { storedSession } from '@session-library/schemas'
 * storedSession.safeParse({ id: 'ses_1' }).success // false: every field is required
 * ```
 */
export const storedSession = z.strictObject({ ...session.def.shape, client: z.string() })

/**
 * The mock's whole library as its `--data` file holds it: the sessions, the waveform note lanes
 * (DECISIONS D14) and `nextId`, the counter that keeps ids from being reused across restarts (D5).
 *
 * @example
 * ```ts
 * import { librarySnapshot } from '@session-library/schemas'
 * librarySnapshot.safeParse({ version: 1, nextId: 1, sessions: [], lanes: [] }).success // true
 * ```
 */
export const librarySnapshot = z.strictObject({
  version: z.literal(1),
  nextId: z.int().check(z.minimum(1)),
  sessions: z.array(storedSession),
  lanes: z.array(waveformNoteLane),
})
