import * as t from '../answers/tolerant.js'
import { sessionListQuery } from '../requests/list-query.js'
import { sessionCreateBody, sessionUpdateBody } from '../requests/session-bodies.js'
import type { OperationSpec } from './operation.js'
import { BODY_LIMIT, READ, READ_ONE, WRITE_ONE } from './operation.js'

// SPEC §4.3–4.7 (see health.ts).
export const sessions = {
  'sessions.list': {
    method: 'GET',
    path: '/sessions',
    answer: t.sessionPage,
    query: sessionListQuery,
    errors: READ,
    decidedErrors: [400],
    summary: 'List sessions',
    description: 'Returns sessions, optionally filtered, sorted and paginated.',
  },
  'sessions.create': {
    method: 'POST',
    path: '/sessions',
    status: 201,
    answer: t.data(t.session),
    body: sessionCreateBody,
    errors: [400, 401, 403],
    decidedErrors: BODY_LIMIT,
    summary: 'Create a session',
    description: 'Creates a session. Requires full-automation mode.',
  },
  'sessions.get': {
    method: 'GET',
    path: '/sessions/{id}',
    answer: t.data(t.session),
    errors: READ_ONE,
    summary: 'Read a session',
    description: 'Returns one session.',
  },
  'sessions.update': {
    method: 'PATCH',
    path: '/sessions/{id}',
    idempotent: false,
    answer: t.data(t.session),
    body: sessionUpdateBody,
    errors: WRITE_ONE,
    decidedErrors: BODY_LIMIT,
    summary: 'Update a session',
    description: 'Applies a partial update to an existing session. Requires full-automation mode.',
  },
  'sessions.delete': {
    method: 'DELETE',
    path: '/sessions/{id}',
    answer: t.data(t.deleted),
    errors: [401, 403, 404],
    summary: 'Delete a session',
    description: 'Deletes a session. Requires full-automation mode.',
  },
} as const satisfies Record<string, OperationSpec>
