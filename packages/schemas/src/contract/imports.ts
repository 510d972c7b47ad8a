import { importAnswer } from '../answers/exact-answers.js'
import * as t from '../answers/tolerant.js'
import * as ta from '../answers/tolerant-answers.js'
import { importBody } from '../requests/import-body.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { BODY_LIMIT } from './statuses.js'

// SPEC §4.13: route and contract of a batch import (see health.ts).

/** The import as a client sends it. @example `importsRoutes['imports.start'].status // 202` */
export const importsRoutes = {
  'imports.start': { method: 'POST', path: '/import', status: 202, answer: ta.data(t.importResult) },
} as const satisfies Record<string, RouteSpec>

/** The import as the mock answers it. @example `importsContracts['imports.start'].service // 'import'` */
export const importsContracts = {
  'imports.start': {
    answer: importAnswer,
    body: importBody,
    service: 'import',
    errors: [400, 401, 403, 501],
    decidedErrors: BODY_LIMIT,
    doc: [
      'Start a batch import',
      'Starts a batch import and answers 202 before any item is processed. Requires full-automation mode. ' +
        'Answers 501 import_unavailable when the import service is not available in the current runtime.',
    ],
  },
} as const satisfies Record<string, ContractSpec>
