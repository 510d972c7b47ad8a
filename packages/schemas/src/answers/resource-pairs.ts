import * as exact from './exact.js'
import { pairOf } from './resource-builder.js'
import * as tolerant from './tolerant.js'
import * as tolerantAnswers from './tolerant-answers.js'

// Each resource in both strengths (`fields`, `tolerant`, `exact`); the schemas live in tolerant.ts
// and exact.ts, so that a client can import the tolerant ones without the exact ones.

/**
 * SPEC §2.2: one preview variant of a session.
 *
 * @example
 * ```ts
 * import { preview } from '@session-library/schemas'
 * preview.exact.safeParse({ id: 'pv_1', name: 'Mix', path: '/m/mix.wav', status: 'ready' }).success // true
 * ```
 */
export const preview = pairOf(tolerant.preview, exact.preview)

/**
 * SPEC §2.1: a session, as answered (the search-only `client` is not part of it).
 *
 * @example
 * ```ts
 * import { session } from '@session-library/schemas'
 * const s = session.tolerant.parse(body.data) // unknown fields kept, unknown kinds accepted
 * ```
 */
export const session = pairOf(tolerant.session, exact.session)

/**
 * SPEC §2.3 and DECISIONS D13: a waveform's peaks and their meaning.
 *
 * @example
 * ```ts
 * import { waveform } from '@session-library/schemas'
 * waveform.exact.safeParse({ key: 'k', bucketCount: 1, duration: 2, sampleRate: 48000, audioVersion: 'v1', peaks: [1.5] }).success // false: peaks are in [0, 1]
 * ```
 */
export const waveform = pairOf(tolerant.waveform, exact.waveform)

/**
 * SPEC §2.4 and DECISIONS D14: a note on a waveform, `timestamp` in seconds.
 *
 * @example
 * ```ts
 * import { waveformNote } from '@session-library/schemas'
 * const at = '2026-11-21T10:00:00.000Z'
 * waveformNote.exact.safeParse({ id: 'wn_1', timestamp: -1, text: 'x', createdAt: at, updatedAt: at }).success // false
 * ```
 */
export const waveformNote = pairOf(tolerant.waveformNote, exact.waveformNote)

/**
 * SPEC §2.5: how many sessions carry a tag.
 *
 * @example
 * ```ts
 * import { tagCount } from '@session-library/schemas'
 * tagCount.tolerant.parse({ tag: 'drums', count: 3 })
 * ```
 */
export const tagCount = pairOf(tolerant.tagCount, exact.tagCount)

/**
 * SPEC §2.6: the state of a batch import.
 *
 * @example
 * ```ts
 * import { importResult } from '@session-library/schemas'
 * importResult.tolerant.parse(answer.data).done // false right after the 202
 * ```
 */
export const importResult = pairOf(tolerant.importResult, exact.importResult)

/**
 * SPEC §2.7: one entry of the health snapshot's `recentRequests`.
 *
 * @example
 * ```ts
 * import { recentRequest } from '@session-library/schemas'
 * recentRequest.exact.parse({ method: 'GET', path: '/api/v1/health', statusCode: 200, at: '2026-11-21T10:00:00.000Z' })
 * ```
 */
export const recentRequest = pairOf(tolerant.recentRequest, exact.recentRequest)

/**
 * SPEC §2.7 and DECISIONS D17: the health snapshot.
 *
 * @example
 * ```ts
 * import { health } from '@session-library/schemas'
 * health.tolerant.parse(answer.data).effectiveMode // 'full-automation', or any mode a newer server reports
 * ```
 */
export const health = pairOf(tolerant.health, exact.health)

/**
 * SPEC §4.7: the answer to a delete.
 *
 * @example
 * ```ts
 * import { deleted } from '@session-library/schemas'
 * deleted.tolerant.parse({ deleted: true, id: 'ses_1' })
 * ```
 */
export const deleted = pairOf(tolerantAnswers.deleted, exact.deleted)

/**
 * SPEC §4.8: a session's tags.
 *
 * @example
 * ```ts
 * import { sessionTags } from '@session-library/schemas'
 * sessionTags.tolerant.parse({ id: 'ses_1', tags: ['drums'] }).tags // ['drums']
 * ```
 */
export const sessionTags = pairOf(tolerantAnswers.sessionTags, exact.sessionTags)

/**
 * SPEC §4.9: a session's notes.
 *
 * @example
 * ```ts
 * import { sessionNotes } from '@session-library/schemas'
 * sessionNotes.tolerant.parse({ id: 'ses_1', notes: '' }).notes // ''
 * ```
 */
export const sessionNotes = pairOf(tolerantAnswers.sessionNotes, exact.sessionNotes)

/**
 * SPEC §4.10: a session's preview metadata.
 *
 * @example
 * ```ts
 * import { sessionPreview } from '@session-library/schemas'
 * sessionPreview.tolerant.parse(answer.data).previews // Preview[]
 * ```
 */
export const sessionPreview = pairOf(tolerantAnswers.sessionPreview, exact.sessionPreview)

/**
 * SPEC §4.11: a waveform of one session and variant.
 *
 * @example
 * ```ts
 * import { sessionWaveform } from '@session-library/schemas'
 * sessionWaveform.tolerant.parse(answer.data).waveform.peaks // number[]
 * ```
 */
export const sessionWaveform = pairOf(tolerantAnswers.sessionWaveform, exact.sessionWaveform)

/**
 * SPEC §4.12: a waveform note lane.
 *
 * @example
 * ```ts
 * import { waveformNoteLane } from '@session-library/schemas'
 * waveformNoteLane.tolerant.parse(answer.data).notes // sorted by timestamp, then id (D14)
 * ```
 */
export const waveformNoteLane = pairOf(tolerantAnswers.waveformNoteLane, exact.waveformNoteLane)

/**
 * SPEC §4.3: the list's paging facts.
 *
 * @example
 * ```ts
 * import { listMeta } from '@session-library/schemas'
 * listMeta.exact.parse({ total: 120, limit: 50, offset: 100 })
 * ```
 */
export const listMeta = pairOf(tolerantAnswers.listMeta, exact.listMeta)
