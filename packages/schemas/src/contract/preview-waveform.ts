import { previewAnswer, waveformAnswer } from '../answers/exact-answers.js'
import * as ta from '../answers/tolerant-answers.js'
import { variantQuery } from '../requests/list-query.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { READ_ONE } from './statuses.js'

// SPEC §4.10–4.11: route and contract of a session's preview metadata and waveform (see health.ts).

/** The preview and waveform reads as a client sends them. @example `previewWaveformRoutes['waveform.get'].path` */
export const previewWaveformRoutes = {
  'preview.get': { method: 'GET', path: '/sessions/{id}/preview', answer: ta.data(ta.sessionPreview) },
  'waveform.get': { method: 'GET', path: '/sessions/{id}/waveform', answer: ta.data(ta.sessionWaveform) },
} as const satisfies Record<string, RouteSpec>

/** The preview and waveform reads as the mock answers them. @example `previewWaveformContracts['waveform.get'].service // 'waveform'` */
export const previewWaveformContracts = {
  'preview.get': {
    answer: previewAnswer,
    errors: READ_ONE,
    doc: ['Read the preview metadata of a session', 'Returns the preview status, URLs and variants of a session.'],
  },
  'waveform.get': {
    answer: waveformAnswer,
    query: variantQuery,
    service: 'waveform',
    errors: [401, 404, 501],
    // D3, D4: a repeated variantId is a bad query.
    decidedErrors: [400],
    doc: [
      'Read the waveform of a session',
      'Returns the waveform peaks of a preview variant (variantId), by default the preferred one. ' +
        'Answers 501 waveform_unavailable when the waveform service is not available in the current runtime.',
    ],
  },
} as const satisfies Record<string, ContractSpec>
