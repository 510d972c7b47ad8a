import * as z from 'zod/mini'
import { session, waveform, waveformNoteLane } from '../answers/pairs.js'
import { lazy } from '../lazy.js'
import { writable } from './sessions.js'

// Built here, next to the resources, because the mock has no zod of its own: one zod instance
// checks both what the mock answers and what it keeps on disk.

/**
 * A session as the mock stores it: exactly the answered fields (SPEC §2.1) plus the search-only
 * `client` that it never returns (DECISIONS D11).
 */
export const storedSession = lazy(() => z.strictObject({ ...session.exact.def.shape, client: z.string() }))

/**
 * The waveform of one session and preview variant as a `--data` file holds it: peaks read from a
 * real application by `session-library clone`, which the mock answers instead of computing its own.
 */
export const storedWaveform = lazy(() =>
  z.strictObject({ sessionId: z.string(), variantId: z.string(), waveform: waveform.exact }),
)

/**
 * The mock's whole library as its `--data` file holds it: the sessions, the waveform note lanes
 * (DECISIONS D14), `nextId`, the counter that keeps ids from being reused across restarts (D5),
 * and, optionally, stored waveforms (files written before them still load).
 */
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
 * field under its write rule (D5–D7: a title trimmed to 1–200 characters, tags of 1–64 characters
 * without a comma…), its output what a write stores (trimmed, repeated tags dropped). What a mock
 * seeded in process accepts, and, each record exactly as a write stores it, what a `--data` file holds.
 */
export const writtenSession = lazy(() => z.extend(storedSession, writable()))

/**
 * A library whose sessions hold only what writes through the API can leave ({@link writtenSession}):
 * the `librarySnapshot` a mock seeded in process checks, and the format of a `--data` file.
 */
export const writtenLibrary = lazy(() => z.extend(librarySnapshot, { sessions: z.array(writtenSession) }))

/**
 * The files a mock keeps beside its `--data` file: the change log (`<file>.log`) and the one a fold
 * left (`<file>.log.1`, replayed first), both replayed over it at a start; the imports not finished
 * (`<file>.imports`); and the seal of the file's last check (`<file>.checked`: its length, CRC-32 and
 * the mock's version), which spares a start on the same bytes the check of every record.
 * `session-library clone` replaces them with the file.
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

/**
 * The highest `nextId` the lines of a change log's text reached ({@link libraryLogs}), or `undefined`
 * for none: what a file replacing the library must keep, so that no id is handed out twice (D5).
 */
export function changeLogNextId(text: string): number | undefined {
  let highest: number | undefined
  for (const [, id] of text.matchAll(NEXT_IDS)) highest = Math.max(highest ?? 0, Number(id))
  return highest
}
