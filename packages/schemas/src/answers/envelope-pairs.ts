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

/**
 * The success envelope `{data}` around a resource, in both strengths (SPEC §1).
 *
 * @example
 * ```ts
 * import { envelope, session } from '@session-library/schemas'
 * const answer = envelope(session)
 * ```
 */
export function envelope<R extends AnyResource>(inner: R): Envelope<R> {
  return resource({ data: field(inner.tolerant, inner.exact) })
}

/**
 * The success envelope `{data: [...]}` around a list of resources.
 *
 * @example
 * ```ts
 * import { listEnvelope, tagCount } from '@session-library/schemas'
 * const answer = listEnvelope(tagCount)
 * ```
 */
export function listEnvelope<R extends AnyResource>(inner: R): ListEnvelope<R> {
  return resource({ data: field(z.array(inner.tolerant), z.array(inner.exact)) })
}

/**
 * The session list's envelope `{data, meta: {total, limit, offset}}` (SPEC §4.3).
 *
 * @example
 * ```ts
 * import { sessionPage } from '@session-library/schemas'
 * sessionPage.tolerant.parse({ data: [], meta: { total: 0, limit: 50, offset: 0 } })
 * ```
 */
export const sessionPage = pairOf(tolerantAnswers.sessionPage, exact.sessionPage)

/**
 * The envelope of `GET /tags`: tag counts, most used first (SPEC §4.14, DECISIONS D16).
 *
 * @example
 * ```ts
 * import { tagCountList } from '@session-library/schemas'
 * tagCountList.tolerant.parse({ data: [{ tag: 'drums', count: 3 }] })
 * ```
 */
export const tagCountList = pairOf(tolerantAnswers.tagCountList, exact.tagCountList)
