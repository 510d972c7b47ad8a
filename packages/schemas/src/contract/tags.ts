import { tagsAnswer } from '../answers/exact-answers.js'
import * as ta from '../answers/tolerant-answers.js'
import { tagsBody } from '../requests/session-bodies.js'
import type { ContractSpec, RouteSpec } from './define.js'
import { BODY_LIMIT, READ_ONE, WRITE_ONE } from './statuses.js'

// SPEC §4.8: route and contract of each operation on a session's tags (see health.ts).
const route = { path: '/sessions/{id}/tags', answer: ta.data(ta.sessionTags) } as const

/** The tag operations as a client sends them. @example `tagsRoutes['tags.put'].method // 'PUT'` */
export const tagsRoutes = {
  'tags.get': { method: 'GET', ...route },
  'tags.put': { method: 'PUT', ...route },
  'tags.patch': { method: 'PATCH', ...route },
} as const satisfies Record<string, RouteSpec>

const write = {
  answer: tagsAnswer,
  body: tagsBody,
  errors: WRITE_ONE,
  decidedErrors: BODY_LIMIT,
  doc: [
    'Replace the tags of a session',
    'Replaces the whole tag list. Requires full-automation mode. PUT and PATCH behave the same.',
  ],
} as const

/** The tag operations as the mock answers them. @example `tagsContracts['tags.put'].body` */
export const tagsContracts = {
  'tags.get': {
    answer: tagsAnswer,
    errors: READ_ONE,
    doc: ['Read the tags of a session', 'Returns the tag list of a session.'],
  },
  'tags.put': write,
  'tags.patch': write,
} as const satisfies Record<string, ContractSpec>
