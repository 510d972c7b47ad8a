import * as t from '../answers/tolerant.js'
import { type OperationSpec, READ } from './operation.js'

// SPEC §4.2. One object per operation; scripts/derive-sources.mjs copies the client's part to route-specs.ts.
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
