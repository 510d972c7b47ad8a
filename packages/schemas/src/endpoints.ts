import type * as z from 'zod/mini'
import * as e from './exact.js'
import type { Service } from './known-values.js'
import { matchPath, pathParamNames } from './paths.js'
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
import type { Field } from './resource.js'
import { type Method, type OperationName, type Route, type Routes, routes } from './routes.js'

export { type AnswerOf, type Method, type OperationName, operationPath, type ParamsOf } from './routes.js'

/**
 * One operation of SPEC §4 as data: its {@link Route} plus everything the mock and the OpenAPI
 * document need.
 *
 * @example
 * ```ts
 * import { endpoints, type Operation } from '@session-library/schemas'
 * const op: Operation = endpoints['sessions.get']
 * ```
 */
export interface Operation extends Route {
  /** The answer's envelope: `tolerant` for clients, `exact` for the mock. */
  readonly answer: Field
  /** Exact query schema, read with `queryInput`. */
  readonly query?: z.ZodMiniType
  /** Exact body schema. */
  readonly body?: z.ZodMiniType
  /** Whether it writes, and so needs full-automation mode (SPEC §5, DECISIONS D1). */
  readonly writes: boolean
  /** The service whose absence turns it into a 501. */
  readonly service?: Service
  /** Error statuses SPEC.md documents for it. */
  readonly errors: readonly number[]
  /** Error statuses DECISIONS.md adds. */
  readonly decidedErrors: readonly number[]
  readonly summary: string
  readonly description: string
}

// What the main entry adds to a route; `exact` is the answer envelope the mock must match.
type Contract = Omit<Operation, keyof Route | 'writes' | 'decidedErrors'> & {
  readonly exact: z.ZodMiniType
  readonly decidedErrors?: readonly number[]
}
type Defined<R extends Route, C extends Contract> = Omit<R, 'answer'> &
  Omit<C, 'exact' | 'decidedErrors'> & {
    readonly answer: { readonly tolerant: R['answer']['tolerant']; readonly exact: C['exact'] }
    readonly writes: boolean
    readonly decidedErrors: readonly number[]
  }
// One contract per route, no more: a missing or an extra name does not compile.
type Contracts = { readonly [Name in OperationName]: Contract }
type Exactly<C> = C & Record<Exclude<keyof C, OperationName>, never>

function complete<const C extends Contracts>(contracts: Exactly<C>) {
  const table = {} as { [Name in OperationName]: Defined<Routes[Name], C[Name]> }
  for (const [name, route] of Object.entries(routes) as [OperationName, Route][]) {
    const { exact, ...contract } = contracts[name]
    Object.assign(table, {
      [name]: {
        decidedErrors: [],
        ...route,
        ...contract,
        answer: { tolerant: route.answer.tolerant, exact },
        writes: route.method !== 'GET',
      },
    })
  }
  return table
}

const read = [401] as const
const readOne = [401, 404] as const
const writeOne = [400, 401, 403, 404] as const
const bodyLimit = [413] as const
const session = e.data(e.session)
const tags = e.data(e.sessionTags)
const notes = e.data(e.sessionNotes)

const tagsWrite = {
  exact: tags,
  body: tagsBody,
  errors: writeOne,
  decidedErrors: bodyLimit,
  summary: 'Replace the tags of a session',
  description: 'Replaces the whole tag list. Requires full-automation mode. PUT and PATCH behave the same.',
} as const

const notesWrite = {
  exact: notes,
  body: notesBody,
  errors: writeOne,
  decidedErrors: bodyLimit,
  summary: 'Set or clear the notes of a session',
  description:
    'Sets the notes field; "" or null clears it. Requires full-automation mode. PUT and PATCH behave the same.',
} as const

const waveformNotesWrite = {
  exact: e.data(e.waveformNoteLane),
  query: variantQuery,
  body: waveformNotesBody,
  service: 'waveform-notes',
  errors: [400, 401, 403, 404, 501],
  decidedErrors: bodyLimit,
  summary: 'Replace the waveform note lane of a session and variant',
  description:
    'Replaces the lane of waveform notes. Requires full-automation mode. PUT and PATCH behave the same. ' +
    'Answers 501 waveform_notes_unavailable when the waveform notes service is not available in the current runtime.',
} as const

/**
 * The endpoint table: every operation of SPEC §4.1 (18; the GET on waveform-notes must not exist),
 * keyed by its stable name: the client's `routes`, each completed with its exact answer, body,
 * query, documented errors and OpenAPI text. The mock and the OpenAPI document are derived from it.
 *
 * @example
 * ```ts
 * import { endpoints } from '@session-library/schemas'
 * endpoints['sessions.create'].status // 201
 * ```
 */
export const endpoints = complete({
  'health.get': {
    exact: e.data(e.health),
    errors: read,
    summary: 'Check the service and the token',
    description: 'Confirms that the service is running and the supplied bearer token is valid.',
  },
  'sessions.list': {
    exact: e.sessionPage,
    query: sessionListQuery,
    errors: read,
    decidedErrors: [400],
    summary: 'List sessions',
    description: 'Returns sessions, optionally filtered, sorted and paginated.',
  },
  'sessions.create': {
    exact: session,
    body: sessionCreateBody,
    errors: [400, 401, 403],
    decidedErrors: bodyLimit,
    summary: 'Create a session',
    description: 'Creates a session. Requires full-automation mode.',
  },
  'sessions.get': {
    exact: session,
    errors: readOne,
    summary: 'Read a session',
    description: 'Returns one session.',
  },
  'sessions.update': {
    exact: session,
    body: sessionUpdateBody,
    errors: writeOne,
    decidedErrors: bodyLimit,
    summary: 'Update a session',
    description: 'Applies a partial update to an existing session. Requires full-automation mode.',
  },
  'sessions.delete': {
    exact: e.data(e.deleted),
    errors: [401, 403, 404],
    summary: 'Delete a session',
    description: 'Deletes a session. Requires full-automation mode.',
  },
  'tags.get': {
    exact: tags,
    errors: readOne,
    summary: 'Read the tags of a session',
    description: 'Returns the tag list of a session.',
  },
  'tags.put': tagsWrite,
  'tags.patch': tagsWrite,
  'notes.get': {
    exact: notes,
    errors: readOne,
    summary: 'Read the notes of a session',
    description: 'Returns the free-text notes of a session.',
  },
  'notes.put': notesWrite,
  'notes.patch': notesWrite,
  'preview.get': {
    exact: e.data(e.sessionPreview),
    errors: readOne,
    summary: 'Read the preview metadata of a session',
    description: 'Returns the preview status, URLs and variants of a session.',
  },
  'waveform.get': {
    exact: e.data(e.sessionWaveform),
    query: variantQuery,
    service: 'waveform',
    errors: [401, 404, 501],
    // D3, D4: a repeated variantId is a bad query.
    decidedErrors: [400],
    summary: 'Read the waveform of a session',
    description:
      'Returns the waveform peaks of a preview variant (variantId), by default the preferred one. ' +
      'Answers 501 waveform_unavailable when the waveform service is not available in the current runtime.',
  },
  'waveformNotes.put': waveformNotesWrite,
  'waveformNotes.patch': waveformNotesWrite,
  'imports.start': {
    exact: e.data(e.importResult),
    body: importBody,
    service: 'import',
    errors: [400, 401, 403, 501],
    decidedErrors: bodyLimit,
    summary: 'Start a batch import',
    description:
      'Starts a batch import and answers 202 before any item is processed. Requires full-automation mode. ' +
      'Answers 501 import_unavailable when the import service is not available in the current runtime.',
  },
  'tagCounts.list': {
    exact: e.tagCountList,
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
