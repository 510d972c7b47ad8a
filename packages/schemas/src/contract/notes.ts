import * as t from '../answers/tolerant.js'
import { notesBody } from '../requests/session-bodies.js'
import type { OperationSpec } from './operation.js'
import { BODY_LIMIT, READ_ONE, WRITE_ONE } from './operation.js'

// SPEC §4.9 (see health.ts): PUT and PATCH are one write.
const write = {
  path: '/sessions/{id}/notes',
  answer: t.data(t.sessionNotes),
  body: notesBody,
  errors: WRITE_ONE,
  decidedErrors: BODY_LIMIT,
  summary: 'Set or clear the notes of a session',
  description:
    'Sets the notes field; "" or null clears it. Requires full-automation mode. PUT and PATCH behave the same.',
} as const

export const notes = {
  'notes.get': {
    method: 'GET',
    path: '/sessions/{id}/notes',
    answer: t.data(t.sessionNotes),
    errors: READ_ONE,
    summary: 'Read the notes of a session',
    description: 'Returns the free-text notes of a session.',
  },
  'notes.put': { method: 'PUT', ...write },
  'notes.patch': { method: 'PATCH', ...write },
} as const satisfies Record<string, OperationSpec>
