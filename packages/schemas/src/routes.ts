import type * as z from 'zod/mini'
import { buildPath, type PathParams } from './paths.js'
import * as t from './tolerant.js'

/**
 * HTTP methods the API uses.
 *
 * @example
 * ```ts
 * import type { Method } from '@session-library/schemas/client'
 * const method: Method = 'PATCH'
 * ```
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One operation of SPEC §4 as a client needs it: how to send it and how to read its answer.
 *
 * @example
 * ```ts
 * import { routes, type Route } from '@session-library/schemas/client'
 * const route: Route = routes['sessions.get']
 * ```
 */
export interface Route {
  /** Stable name, e.g. `sessions.list`. */
  readonly name: string
  readonly method: Method
  /** Path template relative to `API_PREFIX`, with `{param}` placeholders. */
  readonly path: string
  /** Success status. */
  readonly status: 200 | 201 | 202
  /** Safe to repeat after a failure: reads and idempotent writes. */
  readonly idempotent: boolean
  /** The answer's envelope as a client reads it (unknown fields and values pass). */
  readonly answer: { readonly tolerant: z.ZodMiniType }
}

type Spec = Omit<Route, 'name' | 'answer'> & { readonly answer: z.ZodMiniType }
type Defined<Name extends string, S extends Spec> = Omit<S, 'answer'> & {
  readonly name: Name
  readonly path: S['path']
  readonly answer: { readonly tolerant: S['answer'] }
}

function define<const Specs extends Record<string, Spec>>(specs: Specs) {
  const table = {} as { [Name in keyof Specs & string]: Defined<Name, Specs[Name]> }
  for (const [name, { answer, ...spec }] of Object.entries(specs)) {
    Object.assign(table, { [name]: { ...spec, name, answer: { tolerant: answer } } })
  }
  return table
}

const session = t.data(t.session)
const tags = t.data(t.sessionTags)
const notes = t.data(t.sessionNotes)
const lane = t.data(t.waveformNoteLane)

const tagsRoute = { path: '/sessions/{id}/tags', status: 200, idempotent: true, answer: tags } as const
const notesRoute = { path: '/sessions/{id}/notes', status: 200, idempotent: true, answer: notes } as const
const laneRoute = { path: '/sessions/{id}/waveform-notes', status: 200, idempotent: true, answer: lane } as const

/**
 * The client's table: every operation of SPEC §4.1 (18; the GET on waveform-notes must not exist)
 * with its method, path, success status, idempotence and tolerant answer envelope. The full
 * `endpoints` table of the main entry adds the rest to these same entries.
 *
 * @example
 * ```ts
 * import { routes } from '@session-library/schemas/client'
 * routes['sessions.create'].status // 201
 * ```
 */
export const routes = define({
  'health.get': { method: 'GET', path: '/health', status: 200, idempotent: true, answer: t.data(t.health) },
  'sessions.list': { method: 'GET', path: '/sessions', status: 200, idempotent: true, answer: t.sessionPage },
  'sessions.create': { method: 'POST', path: '/sessions', status: 201, idempotent: false, answer: session },
  'sessions.get': { method: 'GET', path: '/sessions/{id}', status: 200, idempotent: true, answer: session },
  'sessions.update': { method: 'PATCH', path: '/sessions/{id}', status: 200, idempotent: false, answer: session },
  'sessions.delete': {
    method: 'DELETE',
    path: '/sessions/{id}',
    status: 200,
    idempotent: true,
    answer: t.data(t.deleted),
  },
  'tags.get': { method: 'GET', ...tagsRoute },
  'tags.put': { method: 'PUT', ...tagsRoute },
  'tags.patch': { method: 'PATCH', ...tagsRoute },
  'notes.get': { method: 'GET', ...notesRoute },
  'notes.put': { method: 'PUT', ...notesRoute },
  'notes.patch': { method: 'PATCH', ...notesRoute },
  'preview.get': {
    method: 'GET',
    path: '/sessions/{id}/preview',
    status: 200,
    idempotent: true,
    answer: t.data(t.sessionPreview),
  },
  'waveform.get': {
    method: 'GET',
    path: '/sessions/{id}/waveform',
    status: 200,
    idempotent: true,
    answer: t.data(t.sessionWaveform),
  },
  'waveformNotes.put': { method: 'PUT', ...laneRoute },
  'waveformNotes.patch': { method: 'PATCH', ...laneRoute },
  'imports.start': { method: 'POST', path: '/import', status: 202, idempotent: false, answer: t.data(t.importResult) },
  'tagCounts.list': { method: 'GET', path: '/tags', status: 200, idempotent: true, answer: t.tagCountList },
})

/**
 * The client table's type.
 *
 * @example
 * ```ts
 * import type { Routes } from '@session-library/schemas/client'
 * type CreateStatus = Routes['sessions.create']['status'] // 201
 * ```
 */
export type Routes = typeof routes

/**
 * A stable operation name, e.g. `sessions.list`.
 *
 * @example
 * ```ts
 * import type { OperationName } from '@session-library/schemas/client'
 * const name: OperationName = 'tags.put'
 * ```
 */
export type OperationName = keyof Routes

/**
 * The payload (`data`, and `meta` for the list) an operation answers, as a client reads it.
 *
 * @example
 * ```ts
 * import type { AnswerOf } from '@session-library/schemas/client'
 * type Created = AnswerOf<'sessions.create'> // { data: Session }
 * ```
 */
export type AnswerOf<Name extends OperationName> = z.infer<Routes[Name]['answer']['tolerant']>

/**
 * The path parameters of an operation.
 *
 * @example
 * ```ts
 * import type { ParamsOf } from '@session-library/schemas/client'
 * const params: ParamsOf<'sessions.get'> = { id: 'ses_1' }
 * ```
 */
export type ParamsOf<Name extends OperationName> = PathParams<Routes[Name]['path']>

/**
 * Builds the path of an operation (relative to `API_PREFIX`) from its parameters.
 *
 * @example
 * ```ts
 * import { operationPath } from '@session-library/schemas/client'
 * operationPath('notes.get', { id: 'ses 1' }) // '/sessions/ses%201/notes'
 * ```
 */
export function operationPath<Name extends OperationName>(name: Name, params: ParamsOf<Name>): string {
  return buildPath(routes[name].path, params as PathParams<string>)
}
