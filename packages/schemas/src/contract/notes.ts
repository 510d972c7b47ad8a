import { notesAnswer } from '../answers/exact-answers.js'
import * as ta from '../answers/tolerant-answers.js'
import { notesBody } from '../requests/session-bodies.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { BODY_LIMIT, READ_ONE, WRITE_ONE } from './statuses.js'

// SPEC §4.9: route and contract of each operation on a session's notes (see health.ts).
const route = { path: '/sessions/{id}/notes', answer: ta.data(ta.sessionNotes) } as const

/** The notes operations as a client sends them. @example `notesRoutes['notes.patch'].method // 'PATCH'` */
export const notesRoutes = {
  'notes.get': { method: 'GET', ...route },
  'notes.put': { method: 'PUT', ...route },
  'notes.patch': { method: 'PATCH', ...route },
} as const satisfies Record<string, RouteSpec>

const write = {
  answer: notesAnswer,
  body: notesBody,
  errors: WRITE_ONE,
  decidedErrors: BODY_LIMIT,
  doc: [
    'Set or clear the notes of a session',
    'Sets the notes field; "" or null clears it. Requires full-automation mode. PUT and PATCH behave the same.',
  ],
} as const

/** The notes operations as the mock answers them. @example `notesContracts['notes.put'].body` */
export const notesContracts = {
  'notes.get': {
    answer: notesAnswer,
    errors: READ_ONE,
    doc: ['Read the notes of a session', 'Returns the free-text notes of a session.'],
  },
  'notes.put': write,
  'notes.patch': write,
} as const satisfies Record<string, ContractSpec>
