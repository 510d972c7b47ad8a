import * as z from 'zod/mini'
import { session, waveform, waveformNoteLane } from '../answers/pairs.js'
import { lazy } from '../lazy.js'
import { writable } from './sessions.js'

// Here, not in the mock (which has no zod of its own): one zod checks what it answers and what it keeps.

/** A session as the mock stores it: the answered fields (SPEC §2.1) plus the search-only `client` (DECISIONS D11). */
export const storedSession = lazy(() => z.strictObject({ ...session.exact.def.shape, client: z.string() }))

/** A waveform as a `--data` file holds it: peaks `session-library clone` read, answered instead of computed. */
export const storedWaveform = lazy(() =>
  z.strictObject({ sessionId: z.string(), variantId: z.string(), waveform: waveform.exact }),
)

/** The mock's library as its `--data` file holds it; `nextId` keeps ids from being reused across restarts (D5). */
export const librarySnapshot = lazy(() =>
  z.strictObject({
    version: z.literal(1),
    nextId: z.int().check(z.minimum(1)),
    sessions: z.array(storedSession),
    lanes: z.array(waveformNoteLane.exact),
    waveforms: z.optional(z.array(storedWaveform)),
  }),
)

/**
 * A stored session as only writes through the API can leave it: `storedSession` with each writable
 * field under its write rule (D5–D7); what a mock seeded in process accepts and a `--data` file holds.
 */
export const writtenSession = lazy(() => z.extend(storedSession, writable()))

/** A `librarySnapshot` of {@link writtenSession}s: what a mock seeded in process checks, a `--data` file's format. */
export const writtenLibrary = lazy(() => z.extend(librarySnapshot, { sessions: z.array(writtenSession) }))

/**
 * The files a mock keeps beside its `--data` file: the change log and the one a fold left (replayed
 * first) over it at a start; the unfinished imports; the seal of its last check (length, CRC-32, the
 * mock's version), which spares a start on the same bytes checking each record.
 */
export const libraryLogs = (path: string) =>
  ({
    older: `${path}.log.1`,
    newer: `${path}.log`,
    imports: `${path}.imports`,
    checked: `${path}.checked`,
  }) as const

/** How each line of a change log starts: one JSON object a change, `nextId` its first key. */
export const CHANGE_LINE_START = '{"nextId":'

// Anywhere in a line, not only at its start: a start also replays a change after NUL padding or
// joined to a partial one. A quote inside a JSON string is escaped, so only a key matches.
const NEXT_IDS = /"nextId":(\d+)/g

/** The highest `nextId` a change log's text reached, if any: a file replacing the library keeps it (D5). */
export function changeLogNextId(text: string): number | undefined {
  let highest: number | undefined
  for (const [, id] of text.matchAll(NEXT_IDS)) highest = Math.max(highest ?? 0, Number(id))
  return highest
}
