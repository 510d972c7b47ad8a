import * as t from '../answers/tolerant.js'
import { importBody } from '../requests/import-body.js'
import type { OperationSpec } from './operation.js'
import { BODY_LIMIT } from './operation.js'

// SPEC §4.13 (see health.ts).
export const imports = {
  'imports.start': {
    method: 'POST',
    path: '/import',
    status: 202,
    answer: t.data(t.importResult),
    body: importBody,
    service: 'import',
    errors: [400, 401, 403, 501],
    decidedErrors: BODY_LIMIT,
    summary: 'Start a batch import',
    description:
      'Starts a batch import and answers 202 before any item is processed. Requires full-automation mode. ' +
      'Answers 501 import_unavailable when the import service is not available in the current runtime.',
  },
} as const satisfies Record<string, OperationSpec>
