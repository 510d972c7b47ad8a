import type * as z from 'zod/mini'
import type { Service } from '../known-values.js'

/** An HTTP method the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One operation of SPEC §4 as a client needs it: how to send it and how to read its answer. */
export interface Route {
  /** Stable name, e.g. `sessions.list`. */
  readonly name: string
  readonly method: Method
  /** Path template relative to `API_PREFIX`, with `{param}` placeholders. */
  readonly path: string
  readonly status: 200 | 201 | 202
  /** Safe to repeat after a failure: reads and idempotent writes. */
  readonly idempotent: boolean
  /** Whether it writes, and so needs full-automation mode (SPEC §5, DECISIONS D1): all but GETs. */
  readonly writes: boolean
  /** The answer's envelope as a client reads it (unknown fields and values pass). */
  readonly answer: { readonly tolerant: z.ZodMiniType }
  /** The verb people call it by in every front end when it is not the name's (`replace` for `tags.put`). */
  readonly verb?: string
  /** The operation it behaves as, sent with another method (`tags.patch` is `tags.put`'s twin). */
  readonly twin?: string
  /** What a call can remove, so that a front end asks first when the request does not name it. */
  readonly loses: readonly Effect[]
  /** Calls built over it, each one method of the SDK, one command and one tool. */
  readonly conveniences?: Readonly<Record<string, Convenience>>
}

/** What a write can remove; a front end asks before removing one the request does not name (`lossQuestion`). */
export type Effect = 'session' | 'tags' | 'notes' | 'lane'

/** A call with no operation of its own, built over one (`tags.add` over `tags.put`) by the SDK. */
export interface Convenience {
  /** What the SDK method takes before its options: the path's `id`, a body field (`body.tags`), or the whole `body`. */
  readonly takes: readonly ('id' | 'body' | `body.${string}`)[]
  /** The body it sends whatever it is given, when fixed (`notes.clear`): the loss rule reads it. */
  readonly sends?: Readonly<Record<string, unknown>>
  /** It removes data, but only what the request names (`tags.remove`): destructive, yet no question. */
  readonly removesNamed?: true
  /** It waits for work the operation starts; a front end may bound the wait. */
  readonly waits?: true
  /** A front end that does not offer it, and why. */
  readonly absent?: { readonly cli?: string; readonly mcp?: string }
}

/** A {@link Convenience} as a group file declares it, with its texts (the main entry's alone). */
export interface ConvenienceSpec extends Convenience {
  readonly summary: string
  /** What it does and how it composes (e.g. not atomic), in one place for every front end. */
  readonly description: string
}

/** One operation of SPEC §4 as data: its {@link Route} plus what the mock and the OpenAPI document need. */
export interface Operation extends Route {
  readonly conveniences?: Readonly<Record<string, ConvenienceSpec>>
  /** The answer's envelope: `tolerant` for clients, `exact` (derived from it) for the mock. */
  readonly answer: { readonly tolerant: z.ZodMiniType; readonly exact: z.ZodMiniType }
  /** Exact query schema, read with `queryInput`. */
  readonly query?: z.ZodMiniType
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

/** The error statuses an operation documents (SPEC, D1–D20), the generic 500 and a write's 503 (D19): what the mock may be asked to answer (D21). */
export function documentedStatuses({ errors, decidedErrors, writes }: Operation): number[] {
  return [...new Set([...errors, ...decidedErrors, 500, ...(writes ? [503] : [])])].sort()
}

// What a group file writes of an operation: `answer` is the tolerant envelope, `status` 200 unless
// given, `idempotent` true unless given or the method is POST, `decidedErrors` and `loses` none unless given.
export type OperationSpec = Omit<
  Operation,
  'name' | 'answer' | 'status' | 'idempotent' | 'writes' | 'decidedErrors' | 'loses' | 'conveniences'
> & {
  readonly answer: z.ZodMiniType
  readonly conveniences?: Readonly<Record<string, ConvenienceSpec>>
  readonly loses?: readonly Effect[]
  readonly status?: Route['status']
  readonly idempotent?: boolean
  readonly decidedErrors?: readonly number[]
}

type RouteSpec = Pick<
  OperationSpec,
  'method' | 'path' | 'answer' | 'status' | 'idempotent' | 'verb' | 'twin' | 'loses'
> & {
  readonly conveniences?: Readonly<Record<string, Convenience>>
}

type RouteOf<Name extends string, S extends RouteSpec> = Omit<S, 'answer' | 'status'> & {
  readonly name: Name
  readonly method: S['method']
  readonly path: S['path']
  readonly status: S extends { readonly status: infer Status } ? Status : 200
  readonly idempotent: boolean
  readonly writes: boolean
  readonly loses: readonly Effect[]
  readonly answer: { readonly tolerant: S['answer'] }
}

export type OperationOf<Name extends string, S extends OperationSpec> = Omit<S, 'answer' | 'decidedErrors'> &
  RouteOf<Name, S> & {
    readonly answer: { readonly tolerant: S['answer']; readonly exact: z.ZodMiniType }
    readonly decidedErrors: S extends { readonly decidedErrors: infer Decided } ? Decided : readonly []
  }

export function table<const Specs extends Record<string, RouteSpec>>(
  specs: Specs,
  exact?: (tolerant: z.ZodMiniType) => z.ZodMiniType,
): { [Name in keyof Specs & string]: RouteOf<Name, Specs[Name]> } {
  const filled: Record<string, unknown> = {}
  for (const [name, { answer, ...spec }] of Object.entries(specs)) {
    filled[name] = {
      status: 200,
      idempotent: spec.method !== 'POST',
      writes: spec.method !== 'GET',
      loses: [],
      ...(exact && { decidedErrors: [] }),
      ...spec,
      name,
      answer: { tolerant: answer, ...(exact && { exact: exact(answer) }) },
    }
  }
  return filled as { [Name in keyof Specs & string]: RouteOf<Name, Specs[Name]> }
}

// Error statuses that several operations document alike (SPEC §4.1, DECISIONS D1–D4).
export const READ = [401] as const
export const READ_ONE = [401, 404] as const
export const WRITE_ONE = [400, 401, 403, 404] as const
export const BODY_LIMIT = [413] as const
