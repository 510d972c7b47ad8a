import type * as z from 'zod/mini'
import type { Field } from '../answers/resource-builder.js'
import type { Service } from '../known-values.js'

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
  /** Whether it writes, and so needs full-automation mode (SPEC §5, DECISIONS D1): all but GETs. */
  readonly writes: boolean
  /** The answer's envelope as a client reads it (unknown fields and values pass). */
  readonly answer: { readonly tolerant: z.ZodMiniType }
}

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
  /** The service whose absence turns it into a 501. */
  readonly service?: Service
  /** Error statuses SPEC.md documents for it. */
  readonly errors: readonly number[]
  /** Error statuses DECISIONS.md adds. */
  readonly decidedErrors: readonly number[]
  readonly summary: string
  readonly description: string
}

/**
 * What a group file writes of an operation for clients: a {@link Route} with its tolerant answer,
 * where `status` is 200 unless given, `idempotent` true unless given or the method is POST, and
 * `writes` true unless the method is GET.
 */
export type RouteSpec = Omit<Route, 'name' | 'answer' | 'status' | 'idempotent' | 'writes'> & {
  readonly answer: z.ZodMiniType
  readonly status?: Route['status']
  readonly idempotent?: boolean
}

/**
 * What a group file writes of an operation for the mock and the document, in a compact form:
 * `answer` is the exact answer envelope, `decidedErrors` is `[]` unless given, and `doc` holds the
 * OpenAPI summary and description.
 */
export type ContractSpec = Omit<Operation, keyof Route | 'decidedErrors' | 'summary' | 'description'> & {
  readonly answer: z.ZodMiniType
  readonly decidedErrors?: readonly number[]
  readonly doc: readonly [summary: string, description: string]
}

// A contract as the table holds it: the compact form's fields under the names of an Operation.
type ContractFields = Omit<Operation, keyof Route> & { readonly answer: { readonly exact: z.ZodMiniType } }
type FieldsOf<C extends ContractSpec> = Omit<C, 'answer' | 'decidedErrors' | 'doc'> & {
  readonly answer: { readonly exact: C['answer'] }
  readonly decidedErrors: C extends { readonly decidedErrors: infer Decided } ? Decided : readonly []
  readonly summary: string
  readonly description: string
}

type RouteOf<Name extends string, R extends RouteSpec> = Omit<R, 'answer' | 'status' | 'idempotent'> & {
  readonly name: Name
  readonly path: R['path']
  readonly status: R extends { readonly status: infer Status } ? Status : 200
  readonly idempotent: boolean
  readonly writes: boolean
  readonly answer: { readonly tolerant: R['answer'] }
}
type OperationOf<Name extends string, R extends RouteSpec, C extends ContractFields> = Omit<
  RouteOf<Name, R>,
  'answer'
> &
  Omit<C, 'answer'> & { readonly answer: { readonly tolerant: R['answer']; readonly exact: C['answer']['exact'] } }

type RouteSpecs = Record<string, RouteSpec>
// One contract per route, no more: a missing or an extra name does not compile.
type ContractsOf<R extends RouteSpecs> = { readonly [Name in keyof R]: ContractFields }
type Exactly<R extends RouteSpecs, C> = C & Record<Exclude<keyof C, keyof R>, never>

/**
 * The route table a client needs, one entry per route spec, keyed and named by operation, with
 * `status`, `idempotent` and `writes` filled in where the spec leaves them out.
 *
 * @example
 * ```ts
 * const table = define({ 'health.get': { method: 'GET', path: '/health', status: 200, idempotent: true, answer } })
 * ```
 */
export function define<const R extends RouteSpecs>(routes: R): { [Name in keyof R & string]: RouteOf<Name, R[Name]> }
/**
 * The whole operation table: each route completed with its contract (exact answer, body, query,
 * service, errors, texts), spread over it.
 *
 * @example
 * ```ts
 * const table = define(healthRoutes, contractFields(healthContracts))
 * ```
 */
export function define<const R extends RouteSpecs, const C extends ContractsOf<R>>(
  routes: R,
  contracts: Exactly<R, C>,
): { [Name in keyof R & string]: OperationOf<Name, R[Name], C[Name]> }
export function define(routes: RouteSpecs, contracts: object = {}): unknown {
  const table: Record<string, Route> = {}
  for (const [name, { answer, ...spec }] of Object.entries(routes)) {
    // Without contracts (the client's table) the entry is the route alone.
    const contract = (contracts as Partial<Record<string, ContractFields>>)[name]
    table[name] = {
      status: 200,
      idempotent: spec.method !== 'POST',
      writes: spec.method !== 'GET',
      ...spec,
      ...contract,
      name,
      answer: { tolerant: answer, ...contract?.answer },
    } as Route
  }
  return table
}

/**
 * The group files' contracts in the fields {@link define} completes routes with: `answer` as
 * `answer.exact`, `decidedErrors` `[]` unless given, `doc` as `summary` and `description`. Only the
 * main entry calls it, so that the client's bundle, which builds routes alone, leaves it out.
 *
 * @example
 * ```ts
 * const table = define(healthRoutes, contractFields(healthContracts))
 * ```
 */
export function contractFields<const C extends Record<string, ContractSpec>>(
  contracts: C,
): { [Name in keyof C]: FieldsOf<C[Name]> } {
  const fields: Record<string, ContractFields> = {}
  for (const [name, { answer, doc, decidedErrors = [], ...rest }] of Object.entries(contracts)) {
    fields[name] = { ...rest, decidedErrors, summary: doc[0], description: doc[1], answer: { exact: answer } }
  }
  return fields as { [Name in keyof C]: FieldsOf<C[Name]> }
}
