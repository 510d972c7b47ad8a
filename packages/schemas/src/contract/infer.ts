import type * as z from 'zod/mini'
import type { PathParams } from '../paths.js'
import type { Endpoints } from './endpoints.js'
import type { OperationName, Routes } from './routes.js'

// Every type read from the operation table, in one place: the SDK types its calls with them, the
// mock its handlers, the CLI its commands. Types only: importing them costs a bundle nothing.

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
 * The body an operation takes, as a client writes it (defaults optional).
 *
 * @example
 * ```ts
 * import type { BodyOf } from '@session-library/schemas/client'
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
 * import type { QueryOf } from '@session-library/schemas/client'
 * const query: QueryOf<'sessions.list'> = { limit: 10, sort: '-title' }
 * ```
 */
export type QueryOf<Name extends OperationName> = Endpoints[Name] extends { query: infer Q extends z.ZodMiniType }
  ? Partial<z.output<Q>>
  : never

/**
 * A body or query as a caller may write it: every array, at any depth, may be `readonly`
 * (`['a', 'b'] as const`, a `ReadonlyArray` kept in a config). Nothing reading it changes it.
 *
 * @example
 * ```ts
 * import type { ReadonlyInput } from '@session-library/schemas/client'
 * const body: ReadonlyInput<{ tags: string[] }> = { tags: ['a'] as const }
 * ```
 */
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
 * The parts of one request that vary, typed by the contract: `params` (required when the path has
 * placeholders, refused when it has none), `query` (only where the operation reads one) and `body`
 * (required where it takes one). Arrays may be `readonly`.
 *
 * @example
 * ```ts
 * import type { CallInput } from '@session-library/schemas/client'
 * const input: CallInput<'tags.patch'> = { params: { id: 'ses_1' }, body: { tags: ['drums'] } }
 * ```
 */
export type CallInput<Name extends OperationName> = ParamsPart<Name> & QueryPart<Name> & BodyPart<Name>

type Parsed<Name extends OperationName, Key extends 'query' | 'body'> = Endpoints[Name] extends {
  [K in Key]: infer S extends z.ZodMiniType
}
  ? z.output<S>
  : undefined

/**
 * An operation's query as the server holds it once validated (numbers, booleans, a tag list);
 * `undefined` where the operation reads none.
 *
 * @example
 * ```ts
 * import type { ParsedQueryOf } from '@session-library/schemas'
 * const query: ParsedQueryOf<'sessions.list'> = { limit: 50 }
 * ```
 */
export type ParsedQueryOf<Name extends OperationName> = Parsed<Name, 'query'>

/**
 * An operation's body as the server holds it once validated (trimmed, defaults filled in);
 * `undefined` where the operation takes none.
 *
 * @example
 * ```ts
 * import type { ParsedBodyOf } from '@session-library/schemas'
 * const body: ParsedBodyOf<'tags.put'> = { tags: ['drums'] }
 * ```
 */
export type ParsedBodyOf<Name extends OperationName> = Parsed<Name, 'body'>
