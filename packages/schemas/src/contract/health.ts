import * as t from '../answers/tolerant.js'
import { type OperationSpec, READ } from './operation.js'

// SPEC §4.2. Each group file holds one object per operation; the client's part of each (method,
// path, status, tolerant answer) is copied to route-specs.ts by scripts/derive-sources.mjs.
export const health = {
  'health.get': {
    method: 'GET',
    path: '/health',
    answer: t.data(t.health),
    errors: READ,
    summary: 'Check the service and the token',
    description: 'Confirms that the service is running and the supplied bearer token is valid.',
  },
} as const satisfies Record<string, OperationSpec>
