import * as z from 'zod/mini'
import { librarySnapshot, storedSession } from '../answers/stored-library.js'
import { writable } from './session-fields.js'

/**
 * A stored session as only writes through the API can leave it: `storedSession` with each writable
 * field under its write rule (D5–D7: a title trimmed to 1–200 characters, tags of 1–64 characters
 * without a comma…), its output what a write stores (trimmed, repeated tags dropped). What a mock
 * seeded in process accepts; a `--data` file, which may hold whatever a real library holds, is read
 * as `storedSession`.
 */
export const writtenSession = z.extend(storedSession, writable)

/**
 * A library whose sessions hold only what writes through the API can leave ({@link writtenSession}):
 * the `librarySnapshot` a mock seeded in process checks.
 */
export const writtenLibrary = z.extend(librarySnapshot, { sessions: z.array(writtenSession) })
