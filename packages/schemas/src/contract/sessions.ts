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
    answer: sessionPage,
    query: sessionListQuery,
    errors: READ,
    decidedErrors: [400],
    doc: ['List sessions', 'Returns sessions, optionally filtered, sorted and paginated.'],
  },
  'sessions.create': {
    answer: sessionAnswer,
    body: sessionCreateBody,
    errors: [400, 401, 403],
    decidedErrors: BODY_LIMIT,
    doc: ['Create a session', 'Creates a session. Requires full-automation mode.'],
  },
  'sessions.get': {
    answer: sessionAnswer,
    errors: READ_ONE,
    doc: ['Read a session', 'Returns one session.'],
  },
  'sessions.update': {
    answer: sessionAnswer,
    body: sessionUpdateBody,
    errors: WRITE_ONE,
    decidedErrors: BODY_LIMIT,
    doc: ['Update a session', 'Applies a partial update to an existing session. Requires full-automation mode.'],
  },
  'sessions.delete': {
    answer: deletedAnswer,
    errors: [401, 403, 404],
    doc: ['Delete a session', 'Deletes a session. Requires full-automation mode.'],
  },
} as const satisfies Record<string, ContractSpec>
