import * as exact from './exact.js'
import { pairOf } from './resource-builder.js'
import * as tolerant from './tolerant.js'
import * as tolerantAnswers from './tolerant-answers.js'

// Each resource in both strengths (`fields`, `tolerant`, `exact`); the schemas live in tolerant.ts
// and exact.ts, so that a client can import the tolerant ones without the exact ones.

/** SPEC §2.2: one preview variant of a session. */
export const preview = pairOf(tolerant.preview, exact.preview)

/** SPEC §2.1: a session, as answered (the search-only `client` is not part of it). */
export const session = pairOf(tolerant.session, exact.session)

/** SPEC §2.3 and DECISIONS D13: a waveform's peaks and their meaning. */
export const waveform = pairOf(tolerant.waveform, exact.waveform)

/** SPEC §2.4 and DECISIONS D14: a note on a waveform, `timestamp` in seconds. */
export const waveformNote = pairOf(tolerant.waveformNote, exact.waveformNote)

/** SPEC §2.5: how many sessions carry a tag. */
export const tagCount = pairOf(tolerant.tagCount, exact.tagCount)

/** SPEC §2.6: the state of a batch import. */
export const importResult = pairOf(tolerant.importResult, exact.importResult)

/** SPEC §2.7: one entry of the health snapshot's `recentRequests`. */
export const recentRequest = pairOf(tolerant.recentRequest, exact.recentRequest)

/** SPEC §2.7 and DECISIONS D17: the health snapshot. */
export const health = pairOf(tolerant.health, exact.health)

/** SPEC §4.7: the answer to a delete. */
export const deleted = pairOf(tolerantAnswers.deleted, exact.deleted)

/** SPEC §4.8: a session's tags. */
export const sessionTags = pairOf(tolerantAnswers.sessionTags, exact.sessionTags)

/** SPEC §4.9: a session's notes. */
export const sessionNotes = pairOf(tolerantAnswers.sessionNotes, exact.sessionNotes)

/** SPEC §4.10: a session's preview metadata. */
export const sessionPreview = pairOf(tolerantAnswers.sessionPreview, exact.sessionPreview)

/** SPEC §4.11: a waveform of one session and variant. */
export const sessionWaveform = pairOf(tolerantAnswers.sessionWaveform, exact.sessionWaveform)

/** SPEC §4.12: a waveform note lane. */
export const waveformNoteLane = pairOf(tolerantAnswers.waveformNoteLane, exact.waveformNoteLane)

/** SPEC §4.3: the list's paging facts. */
export const listMeta = pairOf(tolerantAnswers.listMeta, exact.listMeta)
