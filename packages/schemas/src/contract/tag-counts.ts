import * as ta from '../answers/tolerant-answers.js'
import type { OperationSpec } from './operation.js'
import { READ } from './statuses.js'

// SPEC §4.14 (see health.ts).
export const tagCounts = {
  'tagCounts.list': {
    method: 'GET',
    path: '/tags',
    answer: ta.tagCountList,
    errors: READ,
    summary: 'Count tags across the library',
    description: 'Aggregates known tags across the whole session library, in descending order of usage.',
  },
} as const satisfies Record<string, OperationSpec>
