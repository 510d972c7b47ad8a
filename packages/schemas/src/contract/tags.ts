import * as t from '../answers/tolerant.js'
import { strict } from '../field-rules.js'
import { lazy } from '../lazy.js'
import { BODY_LIMIT, type OperationSpec, READ_ONE, WRITE_ONE } from './operation.js'
import { type Writable, writable } from './sessions.js'

/** The exact body of `PUT`/`PATCH /sessions/{id}/tags` (SPEC §4.8, DECISIONS D6). */
export const tagsBody = lazy(() => strict({ tags: writable().tags } as Pick<Writable, 'tags'>))

// SPEC §4.8 (see health.ts): PUT and PATCH are one write.
const write = {
  path: '/sessions/{id}/tags',
  answer: t.data(t.sessionTags),
  body: tagsBody,
  errors: WRITE_ONE,
  decidedErrors: BODY_LIMIT,
  summary: 'Replace the tags of a session',
  description: 'Replaces the whole tag list. Requires full-automation mode. PUT and PATCH behave the same.',
} as const

export const tags = {
  'tags.get': {
    method: 'GET',
    path: '/sessions/{id}/tags',
    answer: t.data(t.sessionTags),
    errors: READ_ONE,
    summary: 'Read the tags of a session',
    description: 'Returns the tag list of a session.',
  },
  'tags.put': { method: 'PUT', ...write },
  'tags.patch': { method: 'PATCH', ...write },
} as const satisfies Record<string, OperationSpec>
