import * as z from 'zod/mini'
import * as t from '../answers/tolerant.js'
import { query, queryParam, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { lazy } from '../lazy.js'
import type { OperationSpec } from './operation.js'

/** The exact query of the waveform and waveform-notes operations (SPEC §4.11–4.12). */
export const variantQuery = lazy(() =>
  query(
    withTexts(FIELD_TEXTS.variantQuery, {
      /** The preview variant, by its id; by default the preferred preview, else the first (D12). */
      variantId: z.optional(queryParam()),
    }),
  ),
)

// SPEC §4.11 (see health.ts).
export const waveform = {
  'waveform.get': {
    method: 'GET',
    path: '/sessions/{id}/waveform',
    answer: t.data(t.sessionWaveform),
    query: variantQuery,
    service: 'waveform',
    errors: [401, 404, 501],
    // D3, D4: a repeated variantId is a bad query.
    decidedErrors: [400],
    summary: 'Read the waveform of a session',
    description:
      'Returns the waveform peaks of a preview variant (variantId), by default the preferred one. ' +
      'Answers 501 waveform_unavailable when the waveform service is not available in the current runtime.',
  },
} as const satisfies Record<string, OperationSpec>
