import * as z from 'zod/mini'
import * as exact from './exact.js'
import { type Field, field, pairOf, type Resource, resource } from './resource-builder.js'
import * as tolerantAnswers from './tolerant-answers.js'

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
export const sessionPage = pairOf(tolerantAnswers.sessionPage, exact.sessionPage)

/** The envelope of `GET /tags`: tag counts, most used first (SPEC §4.14, DECISIONS D16). */
export const tagCountList = pairOf(tolerantAnswers.tagCountList, exact.tagCountList)
