import type * as z from 'zod/mini'
import { envelope, sessionPage, tagCountList } from './envelopes.js'
import type { Service } from './known-values.js'
import { buildPath, matchPath, type PathParams, pathParamNames } from './paths.js'
import {
  importBody,
  notesBody,
  sessionCreateBody,
  sessionListQuery,
  sessionUpdateBody,
  tagsBody,
  variantQuery,
  waveformNotesBody,
} from './requests.js'
import type { Field, Resource } from './resource.js'
import {
  deleted,
  health,
  importResult,
  session,
  sessionNotes,
  sessionPreview,
  sessionTags,
  sessionWaveform,
  waveformNoteLane,
} from './resources.js'

/**
 * HTTP methods the API uses.
 *
 * @example
 * ```ts
 * import type { Method } from '@session-library/schemas'
 * const method: Method = 'PATCH'
 * ```
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One operation of SPEC §4 as data: everything the SDK, the mock and the OpenAPI document need.
 *
 * @example
 * ```ts
 * import { endpoints, type Operation } from '@session-library/schemas'
 * const op: Operation = endpoints['sessions.get']
 * ```
 */
export interface Operation {
  /** Stable name, e.g. `sessions.list`. */
  readonly name: string
  readonly method: Method
  /** Path template relative to `API_PREFIX`, with `{param}` placeholders. */
  readonly path: string
  /** Success status. */
  readonly status: 200 | 201 | 202
  /** The answer's envelope: `tolerant` for clients, `exact` for the mock. */
  readonly answer: Resource<Record<string, Field>>
  /** Exact query schema, read with `queryInput`. */
  readonly query?: z.ZodMiniType
  /** Exact body schema. */
  readonly body?: z.ZodMiniType
  /** Whether it writes, and so needs full-automation mode (SPEC §5, DECISIONS D1). */
  readonly writes: boolean
  /** Safe to repeat after a failure: reads and idempotent writes. */
  readonly idempotent: boolean
  /** The service whose absence turns it into a 501. */
  readonly service?: Service
  /** Error statuses SPEC.md documents for it. */
  readonly errors: readonly number[]
  /** Error statuses DECISIONS.md adds. */
  readonly decidedErrors: readonly number[]
  readonly summary: string
  readonly description: string
}

type Spec = Omit<Operation, 'name' | 'writes' | 'decidedErrors'> & { readonly decidedErrors?: readonly number[] }
type Defined<Name extends string, S extends Spec> = S & {
  readonly name: Name
  readonly writes: boolean
  readonly decidedErrors: readonly number[]
}

function define<const Specs extends Record<string, Spec>>(specs: Specs) {
  const table = {} as { [Name in keyof Specs & string]: Defined<Name, Specs[Name]> }
  for (const [name, spec] of Object.entries(specs)) {
    Object.assign(table, {
      [name]: { decidedErrors: [], ...spec, name, writes: spec.method !== 'GET' },
    })
  }
  return table
}

const read = [401] as const
const readOne = [401, 404] as const
const writeOne = [400, 401, 403, 404] as const
const waveformNotesErrors = [400, 401, 403, 404, 501] as const
const bodyLimit = [413] as const

const tagsWrite = {
  path: '/sessions/{id}/tags',
  status: 200,
  answer: envelope(sessionTags),
  body: tagsBody,
  idempotent: true,
  errors: writeOne,
  decidedErrors: bodyLimit,
  summary: 'Replace the tags of a session',
  description: 'Replaces the whole tag list. Requires full-automation mode. PUT and PATCH behave the same.',
} as const

const notesWrite = {
  path: '/sessions/{id}/notes',
  status: 200,
  answer: envelope(sessionNotes),
  body: notesBody,
  idempotent: true,
  errors: writeOne,
  decidedErrors: bodyLimit,
  summary: 'Set or clear the notes of a session',
  description:
    'Sets the notes field; "" or null clears it. Requires full-automation mode. PUT and PATCH behave the same.',
} as const

const waveformNotesWrite = {
  path: '/sessions/{id}/waveform-notes',
  status: 200,
  answer: envelope(waveformNoteLane),
  query: variantQuery,
  body: waveformNotesBody,
  idempotent: true,
  service: 'waveform-notes',
  errors: waveformNotesErrors,
  decidedErrors: bodyLimit,
  summary: 'Replace the waveform note lane of a session and variant',
  description:
    'Replaces the lane of waveform notes. Requires full-automation mode. PUT and PATCH behave the same. ' +
    'Answers 501 waveform_notes_unavailable when the waveform notes service is not available in the current runtime.',
} as const

/**
 * The endpoint table: every operation of SPEC §4.1 (18; the GET on waveform-notes must not exist),
 * keyed by its stable name. The SDK, the mock and the OpenAPI document are derived from it.
 *
 * @example
 * ```ts
 * import { endpoints } from '@session-library/schemas'
 * endpoints['sessions.create'].status // 201
 * ```
 */
export const endpoints = define({
  'health.get': {
    method: 'GET',
    path: '/health',
    status: 200,
    answer: envelope(health),
    idempotent: true,
    errors: read,
    summary: 'Check the service and the token',
    description: 'Confirms that the service is running and the supplied bearer token is valid.',
  },
  'sessions.list': {
    method: 'GET',
    path: '/sessions',
    status: 200,
    answer: sessionPage,
    query: sessionListQuery,
    idempotent: true,
    errors: read,
    decidedErrors: [400],
    summary: 'List sessions',
    description: 'Returns sessions, optionally filtered, sorted and paginated.',
  },
  'sessions.create': {
    method: 'POST',
    path: '/sessions',
    status: 201,
    answer: envelope(session),
    body: sessionCreateBody,
    idempotent: false,
    errors: [400, 401, 403],
    decidedErrors: bodyLimit,
    summary: 'Create a session',
    description: 'Creates a session. Requires full-automation mode.',
  },
  'sessions.get': {
    method: 'GET',
    path: '/sessions/{id}',
    status: 200,
    answer: envelope(session),
    idempotent: true,
    errors: readOne,
    summary: 'Read a session',
    description: 'Returns one session.',
  },
  'sessions.update': {
    method: 'PATCH',
    path: '/sessions/{id}',
    status: 200,
    answer: envelope(session),
    body: sessionUpdateBody,
    idempotent: false,
    errors: writeOne,
    decidedErrors: bodyLimit,
    summary: 'Update a session',
    description: 'Applies a partial update to an existing session. Requires full-automation mode.',
  },
  'sessions.delete': {
    method: 'DELETE',
    path: '/sessions/{id}',
    status: 200,
    answer: envelope(deleted),
    idempotent: true,
    errors: [401, 403, 404],
    summary: 'Delete a session',
    description: 'Deletes a session. Requires full-automation mode.',
  },
  'tags.get': {
    method: 'GET',
    path: '/sessions/{id}/tags',
    status: 200,
    answer: envelope(sessionTags),
    idempotent: true,
    errors: readOne,
    summary: 'Read the tags of a session',
    description: 'Returns the tag list of a session.',
  },
  'tags.put': { method: 'PUT', ...tagsWrite },
  'tags.patch': { method: 'PATCH', ...tagsWrite },
  'notes.get': {
    method: 'GET',
    path: '/sessions/{id}/notes',
    status: 200,
    answer: envelope(sessionNotes),
    idempotent: true,
    errors: readOne,
    summary: 'Read the notes of a session',
    description: 'Returns the free-text notes of a session.',
  },
  'notes.put': { method: 'PUT', ...notesWrite },
  'notes.patch': { method: 'PATCH', ...notesWrite },
  'preview.get': {
    method: 'GET',
    path: '/sessions/{id}/preview',
    status: 200,
    answer: envelope(sessionPreview),
    idempotent: true,
    errors: readOne,
    summary: 'Read the preview metadata of a session',
    description: 'Returns the preview status, URLs and variants of a session.',
  },
  'waveform.get': {
    method: 'GET',
    path: '/sessions/{id}/waveform',
    status: 200,
    answer: envelope(sessionWaveform),
    query: variantQuery,
    idempotent: true,
    service: 'waveform',
    errors: [401, 404, 501],
    // D3, D4: a repeated variantId is a bad query.
    decidedErrors: [400],
    summary: 'Read the waveform of a session',
    description:
      'Returns the waveform peaks of a preview variant (variantId), by default the preferred one. ' +
      'Answers 501 waveform_unavailable when the waveform service is not available in the current runtime.',
  },
  'waveformNotes.put': { method: 'PUT', ...waveformNotesWrite },
  'waveformNotes.patch': { method: 'PATCH', ...waveformNotesWrite },
  'imports.start': {
    method: 'POST',
    path: '/import',
    status: 202,
    answer: envelope(importResult),
    body: importBody,
    idempotent: false,
    service: 'import',
    errors: [400, 401, 403, 501],
    decidedErrors: bodyLimit,
    summary: 'Start a batch import',
    description:
      'Starts a batch import and answers 202 before any item is processed. Requires full-automation mode. ' +
      'Answers 501 import_unavailable when the import service is not available in the current runtime.',
  },
  'tagCounts.list': {
    method: 'GET',
    path: '/tags',
    status: 200,
    answer: tagCountList,
    idempotent: true,
    errors: read,
    summary: 'Count tags across the library',
    description: 'Aggregates known tags across the whole session library, in descending order of usage.',
  },
})

/**
 * The endpoint table's type.
 *
 * @example
 * ```ts
 * import type { Endpoints } from '@session-library/schemas'
 * type CreateStatus = Endpoints['sessions.create']['status'] // 201
 * ```
 */
export type Endpoints = typeof endpoints

/**
 * A stable operation name, e.g. `sessions.list`.
 *
 * @example
 * ```ts
 * import type { OperationName } from '@session-library/schemas'
 * const name: OperationName = 'tags.put'
 * ```
 */
export type OperationName = keyof Endpoints

/**
 * Every operation of the table, in SPEC §4.1's order.
 *
 * @example
 * ```ts
 * import { operations } from '@session-library/schemas'
 * operations.length // 18
 * ```
 */
export const operations: readonly Operation[] = Object.values(endpoints)

/**
 * The payload (`data`, and `meta` for the list) an operation answers, as a client reads it.
 *
 * @example
 * ```ts
 * import type { AnswerOf } from '@session-library/schemas'
 * type Created = AnswerOf<'sessions.create'> // { data: Session }
 * ```
 */
export type AnswerOf<Name extends OperationName> = z.infer<Endpoints[Name]['answer']['tolerant']>

/**
 * The body an operation takes, as a client writes it (defaults optional).
 *
 * @example
 * ```ts
 * import type { BodyOf } from '@session-library/schemas'
 * const body: BodyOf<'sessions.create'> = { title: 'Night Drive' }
 * ```
 */
export type BodyOf<Name extends OperationName> = Endpoints[Name] extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : never

/**
 * The query an operation takes, typed (numbers, booleans, arrays), as the server reads it.
 *
 * @example
 * ```ts
 * import type { QueryOf } from '@session-library/schemas'
 * const query: QueryOf<'sessions.list'> = { limit: 10, sort: '-title' }
 * ```
 */
export type QueryOf<Name extends OperationName> = Endpoints[Name] extends { query: infer Q extends z.ZodMiniType }
  ? Partial<z.output<Q>>
  : never

/**
 * The path parameters of an operation.
 *
 * @example
 * ```ts
 * import type { ParamsOf } from '@session-library/schemas'
 * const params: ParamsOf<'sessions.get'> = { id: 'ses_1' }
 * ```
 */
export type ParamsOf<Name extends OperationName> = PathParams<Endpoints[Name]['path']>

/**
 * Builds the path of an operation (relative to `API_PREFIX`) from its parameters.
 *
 * @example
 * ```ts
 * import { operationPath } from '@session-library/schemas'
 * operationPath('notes.get', { id: 'ses 1' }) // '/sessions/ses%201/notes'
 * ```
 */
export function operationPath<Name extends OperationName>(name: Name, params: ParamsOf<Name>): string {
  return buildPath(endpoints[name].path, params as PathParams<string>)
}

/**
 * What a request path and method resolve to: the operation and its parameters; `allowed` lists the
 * methods of a path that exists when the method does not; nothing when the path is unknown.
 *
 * @example
 * ```ts
 * import { matchOperation } from '@session-library/schemas'
 * const route = matchOperation('GET', '/sessions/ses_1')
 * if (route.operation) route.params.id // 'ses_1'
 * ```
 */
export type RouteMatch =
  | { operation: Operation; params: Record<string, string>; allowed?: undefined }
  | { operation?: undefined; params?: undefined; allowed: Method[] }

/**
 * Resolves a method and a path (relative to `API_PREFIX`, still percent-encoded) to an operation
 * of the table. An unknown path or method gives `allowed` instead (DECISIONS D3: 404 route not found).
 *
 * @example
 * ```ts
 * import { matchOperation } from '@session-library/schemas'
 * matchOperation('GET', '/sessions/x/waveform-notes').operation // undefined: it must not exist
 * ```
 */
export function matchOperation(method: string, path: string): RouteMatch {
  const allowed: Method[] = []
  for (const operation of operations) {
    const params = matchPath(operation.path, path)
    if (!params) continue
    if (operation.method === method.toUpperCase()) return { operation, params }
    allowed.push(operation.method)
  }
  return { allowed }
}

/**
 * The path parameter names of an operation.
 *
 * @example
 * ```ts
 * import { operationParamNames } from '@session-library/schemas'
 * operationParamNames('sessions.get') // ['id']
 * ```
 */
export function operationParamNames(name: OperationName): string[] {
  return pathParamNames(endpoints[name].path)
}
