import type * as z from 'zod/mini'
import { buildPath, type PathParams } from '../paths.js'
import type { Endpoints } from './endpoints.js'
import { table } from './operation.js'
import { ROUTE_SPECS } from './route-specs.js'

/** The client's table: SPEC §4.1's 18 operations (no GET on waveform-notes) as a client sends and reads them. */
export const routes = table(ROUTE_SPECS)

/** The client table's type. */
export type Routes = typeof routes

/** A stable operation name, e.g. `sessions.list`. */
export type OperationName = keyof Routes

/** Builds the path of an operation (relative to `API_PREFIX`) from its parameters. */
export function operationPath<Name extends OperationName>(name: Name, params: ParamsOf<Name>): string {
  return buildPath(routes[name].path, params as PathParams<string>)
}

// The types read from the table, for the SDK's calls, the mock's handlers and the CLI's commands.

/** The payload (`data`, and `meta` for the list) an operation answers, as a client reads it. */
export type AnswerOf<Name extends OperationName> = z.infer<Routes[Name]['answer']['tolerant']>

/** The path parameters of an operation. */
export type ParamsOf<Name extends OperationName> = PathParams<Routes[Name]['path']>

/** The body an operation takes, as a client writes it (defaults optional). */
export type BodyOf<Name extends OperationName> = Endpoints[Name] extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : never

/** The query an operation takes, typed (numbers, booleans, arrays), as the server reads it. */
export type QueryOf<Name extends OperationName> = Endpoints[Name] extends { query: infer Q extends z.ZodMiniType }
  ? Partial<z.output<Q>>
  : never

/** A body or query as a caller may write it: every array, at any depth, may be `readonly`. */
export type ReadonlyInput<T> = T extends readonly (infer Item)[]
  ? readonly ReadonlyInput<Item>[]
  : T extends object
    ? { [Key in keyof T]: ReadonlyInput<T[Key]> }
    : T

// A path without placeholders takes no params: `{}` is still accepted, `{ id }` is not.
type ParamsPart<Name extends OperationName> = keyof ParamsOf<Name> extends never
  ? { params?: Record<string, never> }
  : { params: ParamsOf<Name> }
type QueryPart<Name extends OperationName> = [QueryOf<Name>] extends [never]
  ? { query?: undefined }
  : { query?: ReadonlyInput<QueryOf<Name>> }
type BodyPart<Name extends OperationName> = [BodyOf<Name>] extends [never]
  ? { body?: undefined }
  : { body: ReadonlyInput<BodyOf<Name>> }

/**
 * The parts of one request that vary: `params` (required when the path has placeholders, refused when
 * it has none), `query` (only where the operation reads one) and `body` (required where it takes one).
 */
export type CallInput<Name extends OperationName> = ParamsPart<Name> & QueryPart<Name> & BodyPart<Name>

type Parsed<Name extends OperationName, Key extends 'query' | 'body'> = Endpoints[Name] extends {
  [K in Key]: infer S extends z.ZodMiniType
}
  ? z.output<S>
  : undefined

/** An operation's query as the server holds it once validated; `undefined` where it reads none. */
export type ParsedQueryOf<Name extends OperationName> = Parsed<Name, 'query'>

/** An operation's body as the server holds it once validated (trimmed, defaults filled in), or `undefined`. */
export type ParsedBodyOf<Name extends OperationName> = Parsed<Name, 'body'>
