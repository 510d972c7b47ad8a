import * as z from 'zod/mini'
import * as exact from './exact.js'
import * as tolerant from './tolerant.js'

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

// Each resource in both strengths (`fields`, `tolerant`, `exact`); the schemas live in tolerant.ts
// and exact.ts, so that a client can import the tolerant ones without the exact ones.

/** SPEC §2.2: one preview variant of a session. */
export const preview = pairOf(tolerant.preview, exact.preview)

/** SPEC §2.1: a session, as answered (the search-only `client` is not part of it). */
export const session = pairOf(tolerant.session, exact.session)

/** SPEC §2.3 and DECISIONS D13: a waveform's peaks and their meaning. */
export const waveform = pairOf(tolerant.waveform, exact.waveform)

/** SPEC §2.4 and DECISIONS D14: a note on a waveform, `timestamp` in seconds. */
export const waveformNote = pairOf(tolerant.waveformNote, exact.waveformNote)

/** SPEC §2.5: how many sessions carry a tag. */
export const tagCount = pairOf(tolerant.tagCount, exact.tagCount)

/** SPEC §2.6: the state of a batch import. */
export const importResult = pairOf(tolerant.importResult, exact.importResult)

/** SPEC §2.7: one entry of the health snapshot's `recentRequests`. */
export const recentRequest = pairOf(tolerant.recentRequest, exact.recentRequest)

/** SPEC §2.7 and DECISIONS D17: the health snapshot. */
export const health = pairOf(tolerant.health, exact.health)

/** SPEC §4.7: the answer to a delete. */
export const deleted = pairOf(tolerant.deleted, exact.deleted)

/** SPEC §4.8: a session's tags. */
export const sessionTags = pairOf(tolerant.sessionTags, exact.sessionTags)

/** SPEC §4.9: a session's notes. */
export const sessionNotes = pairOf(tolerant.sessionNotes, exact.sessionNotes)

/** SPEC §4.10: a session's preview metadata. */
export const sessionPreview = pairOf(tolerant.sessionPreview, exact.sessionPreview)

/** SPEC §4.11: a waveform of one session and variant. */
export const sessionWaveform = pairOf(tolerant.sessionWaveform, exact.sessionWaveform)

/** SPEC §4.12: a waveform note lane. */
export const waveformNoteLane = pairOf(tolerant.waveformNoteLane, exact.waveformNoteLane)

/** SPEC §4.3: the list's paging facts. */
export const listMeta = pairOf(tolerant.listMeta, exact.listMeta)

type AnyResource = Resource<Record<string, Field>>

// Spelled out: inferred, these types widen to AnyResource's and AnswerOf loses every field.
type Envelope<R extends AnyResource> = Resource<{ data: Field<R['tolerant'], R['exact']> }>
type ListEnvelope<R extends AnyResource> = Resource<{
  data: Field<z.ZodMiniArray<R['tolerant']>, z.ZodMiniArray<R['exact']>>
}>

/** The success envelope `{data}` around a resource, in both strengths (SPEC §1). */
export function envelope<R extends AnyResource>(inner: R): Envelope<R> {
  return resource({ data: field(inner.tolerant, inner.exact) })
}

/** The success envelope `{data: [...]}` around a list of resources. */
export function listEnvelope<R extends AnyResource>(inner: R): ListEnvelope<R> {
  return resource({ data: field(z.array(inner.tolerant), z.array(inner.exact)) })
}

/** The session list's envelope `{data, meta: {total, limit, offset}}` (SPEC §4.3). */
export const sessionPage = pairOf(tolerant.sessionPage, exact.sessionPage)

/** The envelope of `GET /tags`: tag counts, most used first (SPEC §4.14, DECISIONS D16). */
export const tagCountList = pairOf(tolerant.tagCountList, exact.tagCountList)
