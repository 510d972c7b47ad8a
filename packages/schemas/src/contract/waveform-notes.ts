import * as z from 'zod/mini'
import * as t from '../answers/tolerant.js'
import { boundedText, holdsAtMost, list, nonEmptyText, num, strict, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { LIMITS } from '../known-values.js'
import { lazy } from '../lazy.js'
import { BODY_LIMIT, type OperationSpec } from './operation.js'
import { variantQuery } from './waveform.js'

const waveformNoteInput = lazy(() =>
  z.pipe(
    strict(
      withTexts(FIELD_TEXTS.waveformNoteInput, {
        /** The note's id: keep it to update that note; without one the server assigns it (D14). */
        id: z.optional(nonEmptyText()),
        /** Seconds from the start of the audio: at least 0, at most the waveform's duration (D14). */
        timestamp: num().check(z.minimum(0, 'must be ≥ 0 seconds')),
        /** What the note says: 1–2,000 characters (D14). */
        text: boundedText(LIMITS.noteTextLength),
        /** Ignored: the server keeps the note's creation time (D14). */
        createdAt: z.optional(z.unknown()),
        /** Ignored: the server moves it when the note changes (D14). */
        updatedAt: z.optional(z.unknown()),
      }),
    ),
    // D14: timestamps sent by the client are ignored, the server manages them.
    z.transform(({ id, timestamp, text }) => (id === undefined ? { timestamp, text } : { id, timestamp, text })),
  ),
)

const distinctIds = (notes: { id?: string }[]) => {
  const ids = notes.flatMap((note) => (note.id === undefined ? [] : [note.id]))
  return new Set(ids).size === ids.length
}

/**
 * The exact body of `PUT`/`PATCH /sessions/{id}/waveform-notes` (SPEC §4.12, DECISIONS D14). The
 * rule `timestamp ≤ duration` needs the waveform and is checked by the server after this.
 */
export const waveformNotesBody = lazy(() =>
  strict(
    withTexts(FIELD_TEXTS.waveformNotesBody, {
      /** The whole lane: at most 1,000 notes, and no two notes may carry the same id (D14). */
      notes: list(waveformNoteInput).check(
        holdsAtMost(LIMITS.notesPerLane, 'notes'),
        z.refine(distinctIds, 'must not repeat a note id'),
      ),
    }),
  ),
)

// SPEC §4.12 (see health.ts): PUT and PATCH are one write; the lane's GET must not exist.
const write = {
  path: '/sessions/{id}/waveform-notes',
  answer: t.data(t.waveformNoteLane),
  query: variantQuery,
  body: waveformNotesBody,
  service: 'waveform-notes',
  errors: [400, 401, 403, 404, 501],
  decidedErrors: BODY_LIMIT,
  loses: ['lane'],
  summary: 'Replace the waveform note lane of a session and variant',
  description:
    'Replaces the lane of waveform notes. Requires full-automation mode. PUT and PATCH behave the same. ' +
    'Answers 501 waveform_notes_unavailable when the waveform notes service is not available in the current runtime.',
} as const

export const waveformNotes = {
  'waveformNotes.put': { method: 'PUT', ...write, verb: 'replace' },
  'waveformNotes.patch': { method: 'PATCH', ...write, twin: 'waveformNotes.put' },
} as const satisfies Record<string, OperationSpec>
