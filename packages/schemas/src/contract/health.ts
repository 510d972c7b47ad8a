import { healthAnswer } from '../answers/exact-answers.js'
import * as t from '../answers/tolerant.js'
import * as ta from '../answers/tolerant-answers.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { READ } from './statuses.js'

// SPEC §4.2. Each group file holds an operation's route (what a client needs) beside its contract
// (what the mock and the document add); the contract names its schemas without a call, so that a
// client bundle, which reads only the routes, drops it.

/** The health check as a client sends it. @example `healthRoutes['health.get'].path // '/health'` */
export const healthRoutes = {
  'health.get': { method: 'GET', path: '/health', answer: ta.data(t.health) },
} as const satisfies Record<string, RouteSpec>

/** The health check as the mock answers it. @example `healthContracts['health.get'].errors // [401]` */
export const healthContracts = {
  'health.get': {
    answer: healthAnswer,
    errors: READ,
    doc: [
      'Check the service and the token',
      'Confirms that the service is running and the supplied bearer token is valid.',
    ],
  },
} as const satisfies Record<string, ContractSpec>
