import { previewAnswer } from '../answers/exact-answers.js'
import * as ta from '../answers/tolerant-answers.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { READ_ONE } from './statuses.js'

// SPEC §4.10: route and contract of a session's preview metadata (see health.ts).

/** The preview read as a client sends it. @example `previewRoutes['preview.get'].path` */
export const previewRoutes = {
  'preview.get': { method: 'GET', path: '/sessions/{id}/preview', answer: ta.data(ta.sessionPreview) },
} as const satisfies Record<string, RouteSpec>

/** The preview read as the mock answers it. @example `previewContracts['preview.get'].errors // [401, 404]` */
export const previewContracts = {
  'preview.get': {
    answer: previewAnswer,
    errors: READ_ONE,
    doc: ['Read the preview metadata of a session', 'Returns the preview status, URLs and variants of a session.'],
  },
} as const satisfies Record<string, ContractSpec>
