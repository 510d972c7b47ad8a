import * as z from 'zod/mini'

/**
 * One field of a resource in its two strengths: `tolerant` for what a client accepts from any
 * server, `exact` for what the mock answers (DECISIONS preamble).
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * import { field } from '@session-library/schemas'
 * const port = field(z.number(), z.int())
 * ```
 */
export interface Field<Tolerant extends z.ZodMiniType = z.ZodMiniType, Exact extends z.ZodMiniType = z.ZodMiniType> {
  readonly tolerant: Tolerant
  readonly exact: Exact
}

/**
 * Declares a field once with both strengths; `exact` defaults to `tolerant`.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * import { field } from '@session-library/schemas'
 * const title = field(z.string())
 * ```
 */
export function field<Tolerant extends z.ZodMiniType, Exact extends z.ZodMiniType = Tolerant>(
  tolerant: Tolerant,
  exact?: Exact,
): Field<Tolerant, Exact> {
  return { tolerant, exact: (exact ?? tolerant) as Exact }
}

type Fields = Record<string, Field>
type Strength<F extends Fields, S extends keyof Field> = { -readonly [K in keyof F]: F[K][S] }

/**
 * A resource in both strengths, from one list of fields.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * import { resource, field } from '@session-library/schemas'
 * const pair = resource({ tag: field(z.string()), count: field(z.number(), z.int()) })
 * pair.tolerant.parse({ tag: 'a', count: 1, extra: true }) // extra key kept
 * ```
 */
export interface Resource<F extends Fields> {
  readonly fields: F
  readonly tolerant: z.ZodMiniObject<Strength<F, 'tolerant'>, z.core.$loose>
  readonly exact: z.ZodMiniObject<Strength<F, 'exact'>, z.core.$strict>
}

function pick<F extends Fields, S extends keyof Field>(fields: F, strength: S): Strength<F, S> {
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, f[strength]])) as Strength<F, S>
}

/**
 * Builds a {@link Resource}: the tolerant schema keeps unknown keys, the exact one rejects them.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * import { resource, field } from '@session-library/schemas'
 * const deleted = resource({ deleted: field(z.boolean()), id: field(z.string()) })
 * deleted.exact.safeParse({ deleted: true, id: 'a', more: 1 }).success // false
 * ```
 */
export function resource<F extends Fields>(fields: F): Resource<F> {
  return {
    fields,
    tolerant: z.looseObject(pick(fields, 'tolerant')),
    exact: z.strictObject(pick(fields, 'exact')),
  }
}
