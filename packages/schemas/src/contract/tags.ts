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
  loses: ['tags'],
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
  'tags.put': {
    method: 'PUT',
    ...write,
    verb: 'replace',
    conveniences: {
      add: {
        summary: 'Add tags to a session',
        description:
          'Adds the tags to those the session has. Not atomic: the tags are read, then the whole list is ' +
          'written, so a change made by someone else in between is lost.',
        takes: ['id', 'body.tags'],
      },
      remove: {
        summary: 'Remove tags from a session',
        description:
          'Removes the tags named from those the session has. Not atomic: the tags are read, then the whole ' +
          'list is written, so a change made by someone else in between is lost.',
        takes: ['id', 'body.tags'],
        removesNamed: true,
      },
    },
  },
  'tags.patch': { method: 'PATCH', ...write, twin: 'tags.put' },
} as const satisfies Record<string, OperationSpec>
