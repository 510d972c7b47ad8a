import * as z from 'zod/mini'
import { ERRORS, errorEnvelope, type KnownErrorCode } from '../errors.js'
import { accentRule, boundedText, holdsAtMost, kindRule, statusRule, timestamp, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { LIMITS, MODES, type Mode, PREVIEW_STATUSES, type PreviewStatus } from '../known-values.js'
import { lazy } from '../lazy.js'
import { API_PREFIX } from '../paths.js'
import * as tolerant from './tolerant.js'

/** One field of a resource in its two strengths: `tolerant` for clients, `exact` for what the mock answers. */
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

/** Builds a {@link Resource} from one list of fields: tolerant keeps unknown keys, exact rejects them. */
export function resource<F extends Fields>(fields: F): Resource<F> {
  return {
    fields,
    tolerant: z.looseObject(pick(fields, 'tolerant')) as unknown as Resource<F>['tolerant'],
    exact: z.strictObject(pick(fields, 'exact')),
  }
}

type Shape = Record<string, z.ZodMiniType>
type Paired<T extends Shape, E extends Shape> = { [K in keyof T & keyof E]: Field<T[K], E[K]> }

function pairOf<T extends Shape, E extends Shape>(
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

// Each exact schema is its tolerant twin made strict plus what it adds, so the two list the same fields.
type Stricter<T extends Shape, E extends Partial<Record<keyof T, z.ZodMiniType>>> = {
  [K in keyof T]: K extends keyof E ? Exclude<E[K], undefined> : T[K]
}
function twin<T extends Shape, const E extends Partial<Record<keyof T, z.ZodMiniType>> = Record<never, never>>(
  name: keyof typeof FIELD_TEXTS,
  tolerant: z.ZodMiniObject<T, z.core.$strip>,
  stricter?: E,
): Resource<Paired<T, Stricter<T, E>>> {
  const shape = withTexts(FIELD_TEXTS[name], { ...tolerant.def.shape, ...stricter } as Shape)
  return pairOf(tolerant, z.strictObject(shape as Stricter<T, E>))
}

const lazyResource = <R extends object>(build: () => R) => lazy(build, { fields: true, tolerant: true, exact: true })

const count = lazy(() => z.int().check(z.minimum(0)))
const when = lazy(() => timestamp())

/** SPEC §2.2, DECISIONS D5: one preview variant of a session. */
export const preview = lazyResource(() =>
  twin('preview', tolerant.preview, {
    status: z.enum(PREVIEW_STATUSES) as z.ZodMiniType<PreviewStatus>,
  }),
)

const previewFields = lazy(
  () => ({ previewStatus: preview.exact.def.shape.status, previews: z.array(preview.exact) }),
  { previewStatus: true, previews: true },
)

/** SPEC §2.1, DECISIONS D5, D18: a session, as answered (the search-only `client` is not part of it). */
export const session = lazyResource(() =>
  twin('session', tolerant.session, {
    kind: kindRule,
    status: statusRule,
    accent: accentRule(),
    lastOpened: when,
    ...previewFields,
  }),
)

/** SPEC §2.3, DECISIONS D13: a waveform's peaks and their meaning. */
export const waveform = lazyResource(() => {
  const positive = z.number().check(z.positive())
  const wave = twin('waveform', tolerant.waveform, {
    // JSON Schema cannot compare two fields: the document says it in words.
    bucketCount: count,
    duration: positive,
    sampleRate: positive,
    peaks: z.array(z.number().check(z.minimum(0), z.maximum(1))),
  })
  return {
    ...wave,
    exact: wave.exact.check(
      z.refine((peaks) => peaks.bucketCount === peaks.peaks.length, {
        message: 'must equal the number of peaks',
        path: ['bucketCount'],
      }),
    ),
  }
})

/** SPEC §2.4, DECISIONS D14: a note on a waveform, `timestamp` in seconds. */
export const waveformNote = lazyResource(() =>
  twin('waveformNote', tolerant.waveformNote, {
    timestamp: z.number().check(z.minimum(0)),
    text: boundedText(LIMITS.noteTextLength),
    createdAt: when,
    updatedAt: when,
  }),
)

/** SPEC §2.5: how many sessions carry a tag. */
export const tagCount = lazyResource(() => twin('tagCount', tolerant.tagCount, { count }))

/** SPEC §2.6: the state of a batch import. */
export const importResult = lazyResource(() =>
  twin('importResult', tolerant.importResult, {
    total: count,
    completed: count,
    failed: count,
    skipped: count,
    durationMs: count,
  }),
)

/** SPEC §2.7: one entry of the health snapshot's `recentRequests`. */
export const recentRequest = lazyResource(() =>
  twin('recentRequest', tolerant.recentRequest, { statusCode: z.int(), at: when }),
)

/** SPEC §2.7, DECISIONS D1, D17: the health snapshot. */
export const health = lazyResource(() => {
  const mode = z.enum(MODES) as z.ZodMiniType<Mode>
  return twin('health', tolerant.health, {
    status: z.literal('ok'),
    configuredMode: mode,
    effectiveMode: mode,
    running: z.literal(true),
    port: z.int(),
    // A pattern, not z.endsWith: that one writes `format: ends_with`, no format of JSON Schema or OpenAPI.
    baseUrl: z.string().check(z.regex(new RegExp(`${API_PREFIX}$`), `must end in ${API_PREFIX}`)),
    requestCount: count,
    recentRequests: z.array(recentRequest.exact).check(holdsAtMost(LIMITS.recentRequests, 'requests')),
    // The mock leaves it out when there is none; only clients read `null` as absent.
    lastError: z.optional(z.string()),
  })
})

/** SPEC §4.7: the answer to a delete. */
export const deleted = lazyResource(() => twin('deleted', tolerant.deleted))

/** SPEC §4.8: a session's tags. */
export const sessionTags = lazyResource(() => twin('sessionTags', tolerant.sessionTags))

/** SPEC §4.9: a session's notes. */
export const sessionNotes = lazyResource(() => twin('sessionNotes', tolerant.sessionNotes))

/** SPEC §4.10: a session's preview metadata. */
export const sessionPreview = lazyResource(() => twin('sessionPreview', tolerant.sessionPreview, previewFields))

/** SPEC §4.11: a waveform of one session and variant. */
export const sessionWaveform = lazyResource(() =>
  twin('sessionWaveform', tolerant.sessionWaveform, { waveform: waveform.exact }),
)

/** SPEC §4.12, DECISIONS D14: a waveform note lane, its notes by timestamp, then id. */
export const waveformNoteLane = lazyResource(() =>
  twin('waveformNoteLane', tolerant.waveformNoteLane, {
    notes: z.array(waveformNote.exact),
  }),
)

/** SPEC §4.3: the list's paging facts. */
export const listMeta = lazyResource(() =>
  twin('listMeta', tolerant.listMeta, { total: count, limit: count, offset: count }),
)

/** The error envelope exactly as the mock answers it: a known code and no other field (DECISIONS D4). */
export const exactErrorEnvelope = lazy(() =>
  z.strictObject({
    error: z.strictObject({
      ...errorEnvelope.def.shape.error.def.shape,
      status: z.int(),
      code: z.enum(Object.keys(ERRORS) as [KnownErrorCode, ...KnownErrorCode[]]),
    }),
  }),
)

type AnyResource = Resource<Record<string, Field>>

// Spelled out: inferred, this type widens to AnyResource's and AnswerOf loses every field.
type Envelope<R extends AnyResource> = Resource<{ data: Field<R['tolerant'], R['exact']> }>

/** The success envelope `{data}` around a resource, in both strengths (SPEC §1). */
export function envelope<R extends AnyResource>(inner: R): Envelope<R> {
  return resource({ data: field(inner.tolerant, inner.exact) })
}

/** The session list's envelope `{data, meta: {total, limit, offset}}` (SPEC §4.3). */
export const sessionPage = lazyResource(() =>
  twin('sessionPage', tolerant.sessionPage, {
    data: z.array(session.exact),
    meta: listMeta.exact,
  }),
)

/** The envelope of `GET /tags`: tag counts, most used first (SPEC §4.14, DECISIONS D16). */
export const tagCountList = lazyResource(() =>
  pairOf(tolerant.tagCountList, z.strictObject({ data: z.array(tagCount.exact) })),
)
