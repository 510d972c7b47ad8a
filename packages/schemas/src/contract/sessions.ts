import { sessionPage } from '../answers/exact.js'
import { deletedAnswer, sessionAnswer } from '../answers/exact-answers.js'
import * as t from '../answers/tolerant.js'
import * as ta from '../answers/tolerant-answers.js'
import { sessionListQuery } from '../requests/list-query.js'
import { sessionCreateBody, sessionUpdateBody } from '../requests/session-bodies.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { BODY_LIMIT, READ, READ_ONE, WRITE_ONE } from './statuses.js'

// SPEC §4.3–4.7: route and contract of each operation on sessions (see health.ts).
const session = ta.data(t.session)

/** The session operations as a client sends them. @example `sessionsRoutes['sessions.create'].status // 201` */
export const sessionsRoutes = {
  'sessions.list': { method: 'GET', path: '/sessions', answer: ta.sessionPage },
  'sessions.create': { method: 'POST', path: '/sessions', status: 201, answer: session },
  'sessions.get': { method: 'GET', path: '/sessions/{id}', answer: session },
  'sessions.update': { method: 'PATCH', path: '/sessions/{id}', idempotent: false, answer: session },
  'sessions.delete': { method: 'DELETE', path: '/sessions/{id}', answer: ta.data(ta.deleted) },
} as const satisfies Record<string, RouteSpec>

/** The session operations as the mock answers them. @example `sessionsContracts['sessions.list'].query` */
export const sessionsContracts = {
  'sessions.list': {
    answer: { exact: sessionPage },
    query: sessionListQuery,
    errors: READ,
    decidedErrors: [400],
    summary: 'List sessions',
    description: 'Returns sessions, optionally filtered, sorted and paginated.',
  },
  'sessions.create': {
    answer: { exact: sessionAnswer },
    body: sessionCreateBody,
    errors: [400, 401, 403],
    decidedErrors: BODY_LIMIT,
    summary: 'Create a session',
    description: 'Creates a session. Requires full-automation mode.',
  },
  'sessions.get': {
    answer: { exact: sessionAnswer },
    errors: READ_ONE,
    decidedErrors: [],
    summary: 'Read a session',
    description: 'Returns one session.',
  },
  'sessions.update': {
    answer: { exact: sessionAnswer },
    body: sessionUpdateBody,
    errors: WRITE_ONE,
    decidedErrors: BODY_LIMIT,
    summary: 'Update a session',
    description: 'Applies a partial update to an existing session. Requires full-automation mode.',
  },
  'sessions.delete': {
    answer: { exact: deletedAnswer },
    errors: [401, 403, 404],
    decidedErrors: [],
    summary: 'Delete a session',
    description: 'Deletes a session. Requires full-automation mode.',
  },
} as const satisfies Record<keyof typeof sessionsRoutes, ContractSpec>
