import { waveformAnswer } from '../answers/exact-answers.js'
import * as ta from '../answers/tolerant-answers.js'
import { variantQuery } from '../requests/list-query.js'
import type { ContractSpec, RouteSpec } from './define.js'

// SPEC §4.11: route and contract of a session's waveform (see health.ts).

/** The waveform read as a client sends it. @example `waveformRoutes['waveform.get'].path` */
export const waveformRoutes = {
  'waveform.get': { method: 'GET', path: '/sessions/{id}/waveform', answer: ta.data(ta.sessionWaveform) },
} as const satisfies Record<string, RouteSpec>

/** The waveform read as the mock answers it. @example `waveformContracts['waveform.get'].service // 'waveform'` */
export const waveformContracts = {
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
