import { tagCountList } from '../answers/exact.js'
import * as ta from '../answers/tolerant-answers.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { READ } from './statuses.js'

// SPEC §4.14: route and contract of the library's tag counts (see health.ts).

/** The tag counts as a client reads them. @example `tagCountsRoutes['tagCounts.list'].path // '/tags'` */
export const tagCountsRoutes = {
  'tagCounts.list': { method: 'GET', path: '/tags', answer: ta.tagCountList },
} as const satisfies Record<string, RouteSpec>

/** The tag counts as the mock answers them (D16). @example `tagCountsContracts['tagCounts.list'].errors // [401]` */
export const tagCountsContracts = {
  'tagCounts.list': {
    answer: tagCountList,
    errors: READ,
    doc: [
      'Count tags across the library',
      'Aggregates known tags across the whole session library, in descending order of usage.',
    ],
  },
} as const satisfies Record<string, ContractSpec>
