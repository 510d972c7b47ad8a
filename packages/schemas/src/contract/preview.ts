import * as t from '../answers/tolerant.js'
import { type OperationSpec, READ_ONE } from './operation.js'

// SPEC §4.10 (see health.ts).
export const preview = {
  'preview.get': {
    method: 'GET',
    path: '/sessions/{id}/preview',
    answer: t.data(t.sessionPreview),
    errors: READ_ONE,
    summary: 'Read the preview metadata of a session',
    description: 'Returns the preview status, URLs and variants of a session.',
  },
} as const satisfies Record<string, OperationSpec>
