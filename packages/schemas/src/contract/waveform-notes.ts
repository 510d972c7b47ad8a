import * as t from '../answers/tolerant.js'
import { variantQuery } from '../requests/list-query.js'
import { waveformNotesBody } from '../requests/waveform-notes-body.js'
import type { OperationSpec } from './operation.js'
import { BODY_LIMIT } from './operation.js'

// SPEC §4.12 (see health.ts): PUT and PATCH are one write; the lane's GET must not exist.
const write = {
  path: '/sessions/{id}/waveform-notes',
  answer: t.data(t.waveformNoteLane),
  query: variantQuery,
  body: waveformNotesBody,
  service: 'waveform-notes',
  errors: [400, 401, 403, 404, 501],
  decidedErrors: BODY_LIMIT,
  summary: 'Replace the waveform note lane of a session and variant',
  description:
    'Replaces the lane of waveform notes. Requires full-automation mode. PUT and PATCH behave the same. ' +
    'Answers 501 waveform_notes_unavailable when the waveform notes service is not available in the current runtime.',
} as const

export const waveformNotes = {
  'waveformNotes.put': { method: 'PUT', ...write },
  'waveformNotes.patch': { method: 'PATCH', ...write },
} as const satisfies Record<string, OperationSpec>
