import * as z from 'zod/mini'

/**
 * One field of a resource in its two strengths: `tolerant` for what a client accepts from any
 * server, `exact` for what the mock answers (DECISIONS preamble).
 */
export interface Field<Tolerant extends z.ZodMiniType = z.ZodMiniType, Exact extends z.ZodMiniType = z.ZodMiniType> {
  readonly tolerant: Tolerant
  readonly exact: Exact
}

/** Declares a field once with both strengths; with one schema, `exact` is that schema (and typed so). */
// Overloads, not a defaulted type parameter: inside an object literal that a generic call types as
// Record<string, Field>, TypeScript infers a missing `exact` from that context, as ZodMiniType<unknown>.
export function field<Tolerant extends z.ZodMiniType>(tolerant: Tolerant): Field<Tolerant, Tolerant>
export function field<Tolerant extends z.ZodMiniType, Exact extends z.ZodMiniType>(
  tolerant: Tolerant,
  exact: Exact,
): Field<Tolerant, Exact>
export function field(tolerant: z.ZodMiniType, exact: z.ZodMiniType = tolerant): Field {
  return { tolerant, exact }
}

type Fields = Record<string, Field>
type Strength<F extends Fields, S extends keyof Field> = { -readonly [K in keyof F]: F[K][S] }

/** A resource in both strengths, with its fields pair by pair. */
export interface Resource<F extends Fields> {
  readonly fields: F
  /** Keeps unknown keys at run time; typed with the listed fields only (no index signature). */
  readonly tolerant: z.ZodMiniObject<Strength<F, 'tolerant'>, z.core.$strip>
  readonly exact: z.ZodMiniObject<Strength<F, 'exact'>, z.core.$strict>
}

function pick<F extends Fields, S extends keyof Field>(fields: F, strength: S): Strength<F, S> {
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, f[strength]])) as Strength<F, S>
}

/**
 * Builds a {@link Resource} from one list of fields: the tolerant schema keeps unknown keys, the
 * exact one rejects them.
 */
export function resource<F extends Fields>(fields: F): Resource<F> {
  return {
    fields,
    tolerant: z.looseObject(pick(fields, 'tolerant')) as unknown as Resource<F>['tolerant'],
    exact: z.strictObject(pick(fields, 'exact')),
  }
}

type Shape = Record<string, z.ZodMiniType>
type Paired<T extends Shape, E extends Shape> = { [K in keyof T & keyof E]: Field<T[K], E[K]> }

/** The {@link Resource} of two schemas built apart: a tolerant one and the exact one derived from it. */
export function pairOf<T extends Shape, E extends Shape>(
  tolerant: z.ZodMiniObject<T, z.core.$strip>,
  exact: z.ZodMiniObject<E, z.core.$strict>,
): Resource<Paired<T, E>> {
  const exactShape: Shape = exact.def.shape
  const fields = Object.entries(tolerant.def.shape as Shape).map(([key, schema]) => [
    key,
    field(schema, exactShape[key] as z.ZodMiniType),
  ])
  return { fields: Object.fromEntries(fields), tolerant, exact } as unknown as Resource<Paired<T, E>>
}
