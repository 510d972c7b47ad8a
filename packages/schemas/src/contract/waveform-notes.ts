import { laneAnswer } from '../answers/exact-answers.js'
import * as ta from '../answers/tolerant-answers.js'
import { variantQuery } from '../requests/list-query.js'
import { waveformNotesBody } from '../requests/waveform-notes-body.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { BODY_LIMIT } from './statuses.js'

// SPEC §4.12: route and contract of the waveform note lane (see health.ts); its GET must not exist.
const route = { path: '/sessions/{id}/waveform-notes', answer: ta.data(ta.waveformNoteLane) } as const

/** The lane writes as a client sends them. @example `waveformNotesRoutes['waveformNotes.put'].method // 'PUT'` */
export const waveformNotesRoutes = {
  'waveformNotes.put': { method: 'PUT', ...route },
  'waveformNotes.patch': { method: 'PATCH', ...route },
} as const satisfies Record<string, RouteSpec>

const write = {
  answer: laneAnswer,
  query: variantQuery,
  body: waveformNotesBody,
  service: 'waveform-notes',
  errors: [400, 401, 403, 404, 501],
  decidedErrors: BODY_LIMIT,
  doc: [
    'Replace the waveform note lane of a session and variant',
    'Replaces the lane of waveform notes. Requires full-automation mode. PUT and PATCH behave the same. ' +
      'Answers 501 waveform_notes_unavailable when the waveform notes service is not available in the current runtime.',
  ],
} as const

/** The lane writes as the mock answers them. @example `waveformNotesContracts['waveformNotes.put'].service` */
export const waveformNotesContracts = {
  'waveformNotes.put': write,
  'waveformNotes.patch': write,
} as const satisfies Record<string, ContractSpec>
