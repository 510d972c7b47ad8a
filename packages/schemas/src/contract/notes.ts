import * as z from 'zod/mini'
import * as t from '../answers/tolerant.js'
import { strict, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { lazy } from '../lazy.js'
import { BODY_LIMIT, type OperationSpec, READ_ONE, WRITE_ONE } from './operation.js'
import { writable } from './sessions.js'

/** The exact body of `PUT`/`PATCH /sessions/{id}/notes` (SPEC §4.9, DECISIONS D7): `""` or `null` clears them. */
export const notesBody = lazy(() =>
  strict(
    withTexts(FIELD_TEXTS.notesBody, {
      /** The new notes, at most 100,000 characters; "" or null clears them (D7). */
      notes: z.pipe(
        z.nullable(writable().notes),
        z.transform((notes: string | null) => notes ?? ''),
      ),
    }),
  ),
)

// SPEC §4.9 (see health.ts): PUT and PATCH are one write.
const write = {
  path: '/sessions/{id}/notes',
  answer: t.data(t.sessionNotes),
  body: notesBody,
  errors: WRITE_ONE,
  decidedErrors: BODY_LIMIT,
  loses: ['notes'],
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
  'notes.put': {
    method: 'PUT',
    ...write,
    verb: 'set',
    conveniences: {
      clear: {
        summary: 'Clear the notes of a session',
        description: 'Clears the notes of a session (sets them to "").',
        takes: ['id'],
        sends: { notes: '' },
      },
    },
  },
  'notes.patch': { method: 'PATCH', ...write, twin: 'notes.put' },
} as const satisfies Record<string, OperationSpec>
