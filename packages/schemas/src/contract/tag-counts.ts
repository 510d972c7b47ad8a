import * as t from '../answers/tolerant.js'
import { type OperationSpec, READ } from './operation.js'

// SPEC §4.14 (see health.ts).
export const tagCounts = {
  'tagCounts.list': {
    method: 'GET',
    path: '/tags',
    answer: t.tagCountList,
    errors: READ,
    summary: 'Count tags across the library',
    description: 'Aggregates known tags across the whole session library, in descending order of usage.',
  },
} as const satisfies Record<string, OperationSpec>
