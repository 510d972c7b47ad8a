import * as ta from '../answers/tolerant-answers.js'
import type { OperationSpec } from './operation.js'
import { READ_ONE } from './statuses.js'

// SPEC §4.10 (see health.ts).
export const preview = {
  'preview.get': {
    method: 'GET',
    path: '/sessions/{id}/preview',
    answer: ta.data(ta.sessionPreview),
    errors: READ_ONE,
    summary: 'Read the preview metadata of a session',
    description: 'Returns the preview status, URLs and variants of a session.',
  },
} as const satisfies Record<string, OperationSpec>
