import * as z from 'zod/mini'
import { ERRORS, errorEnvelope, type KnownErrorCode } from '../errors.js'
import { accentRule, boundedText, kindRule, statusRule, timestamp } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { type Kind, MODES, type Mode, PREVIEW_STATUSES, type PreviewStatus, type Status } from '../known-values.js'
import { LIMITS } from '../limits.js'
import { API_PREFIX } from '../paths.js'
import * as tolerant from './tolerant.js'
import * as tolerantAnswers from './tolerant-answers.js'

// What the mock answers (DECISIONS preamble): each schema is its tolerant twin made strict, with
// only what the exact strength adds written here, so that the two cannot list different fields.
const count = z.int().check(z.minimum(0))
const when = timestamp()
const positive = z.number().check(z.positive())
const previewStatus = z.enum(PREVIEW_STATUSES) as z.ZodMiniType<PreviewStatus>
const mode = z.enum(MODES) as z.ZodMiniType<Mode>

type Shape = Record<string, z.ZodMiniType>

// An exact resource with each field's text for people (its TSDoc in tolerant.ts), which the document shows. A
// nested object keeps its own schema untouched: the document names it as a component.
function described<S extends Shape>(name: keyof typeof FIELD_TEXTS, shape: S): z.ZodMiniObject<S, z.core.$strict> {
  const texts: Partial<Record<string, string>> = FIELD_TEXTS[name]
  const entries = Object.entries(shape).map(([key, schema]) => {
    const text = texts[key]
    const nested = (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'object'
    return [key, text === undefined || nested ? schema : schema.check(z.describe(text))]
  })
  return z.strictObject(Object.fromEntries(entries) as S)
}

/**
 * SPEC §2.2, DECISIONS D5: a preview variant as the mock answers it.
 *
 * @example
 * ```ts
 * import { preview } from './exact.js'
 * preview.safeParse({ id: 'pv_1', name: 'Mix', path: '/m/mix.wav', status: 'rendering' }).success // false
 * ```
 */
export const preview = described('preview', { ...tolerant.preview.def.shape, status: previewStatus })

const previewFields = { previewStatus, previews: z.array(preview) }

/**
 * SPEC §2.1, DECISIONS D5, D18: a session as the mock answers it.
 *
 * @example
 * ```ts
 * import { session } from './exact.js'
 * session.safeParse({ ...s, rating: 5 }).success // false: the mock may not send it
 * ```
 */
export const session = described('session', {
  ...tolerant.session.def.shape,
  kind: kindRule,
  status: statusRule,
  accent: accentRule(),
  lastOpened: when,
  ...previewFields,
})

/**
 * SPEC §2.3, DECISIONS D13: peaks in [0, 1], one per bucket.
 *
 * @example
 * ```ts
 * import { waveform } from './exact.js'
 * waveform.safeParse({ key: 'k', bucketCount: 2, duration: 2, sampleRate: 48000, audioVersion: 'v1', peaks: [1] }).success // false
 * ```
 */
export const waveform = described('waveform', {
  ...tolerant.waveform.def.shape,
  // JSON Schema cannot compare two fields: the document says it in words.
  bucketCount: count,
  duration: positive,
  sampleRate: positive,
  peaks: z.array(z.number().check(z.minimum(0), z.maximum(1))),
}).check(
  z.refine((wave) => wave.bucketCount === wave.peaks.length, {
    message: 'must equal the number of peaks',
    path: ['bucketCount'],
  }),
)

/**
 * SPEC §2.4, DECISIONS D14: `timestamp` ≥ 0 seconds, `text` 1–2,000 characters.
 *
 * @example
 * ```ts
 * import { waveformNote } from './exact.js'
 * const at = '2026-11-21T10:00:00.000Z'
 * waveformNote.safeParse({ id: 'wn_1', timestamp: 1, text: '', createdAt: at, updatedAt: at }).success // false
 * ```
 */
export const waveformNote = described('waveformNote', {
  ...tolerant.waveformNote.def.shape,
  timestamp: z.number().check(z.minimum(0)),
  text: boundedText(LIMITS.noteTextLength),
  createdAt: when,
  updatedAt: when,
})

/**
 * SPEC §2.5: a tag count as the mock answers it.
 *
 * @example
 * ```ts
 * import { tagCount } from './exact.js'
 * tagCount.safeParse({ tag: 'drums', count: 1.5 }).success // false
 * ```
 */
export const tagCount = described('tagCount', { ...tolerant.tagCount.def.shape, count })

/**
 * SPEC §2.6: an import's state as the mock answers it.
 *
 * @example
 * ```ts
 * import { importResult } from './exact.js'
 * importResult.safeParse({ ...result, failed: -1 }).success // false
 * ```
 */
export const importResult = described('importResult', {
  ...tolerant.importResult.def.shape,
  total: count,
  completed: count,
  failed: count,
  skipped: count,
  durationMs: count,
})

/**
 * SPEC §2.7, DECISIONS D17: one entry of `recentRequests` as the mock answers it.
 *
 * @example
 * ```ts
 * import { recentRequest } from './exact.js'
 * recentRequest.parse({ method: 'GET', path: '/api/v1/health', statusCode: 200, at: '2026-11-21T10:00:00.000Z' })
 * ```
 */
export const recentRequest = described('recentRequest', {
  ...tolerant.recentRequest.def.shape,
  statusCode: z.int(),
  at: when,
})

/**
 * SPEC §2.7, DECISIONS D1, D17: the health snapshot as the mock answers it.
 *
 * @example
 * ```ts
 * import { health } from './exact.js'
 * health.safeParse({ ...snapshot, baseUrl: 'http://127.0.0.1:4777' }).success // false: it ends in /api/v1
 * ```
 */
export const health = described('health', {
  ...tolerant.health.def.shape,
  status: z.literal('ok'),
  configuredMode: mode,
  effectiveMode: mode,
  running: z.literal(true),
  port: z.int(),
  // A pattern, not z.endsWith: that one writes `format: ends_with`, no format of JSON Schema or OpenAPI.
  baseUrl: z.string().check(z.regex(new RegExp(`${API_PREFIX}$`), `must end in ${API_PREFIX}`)),
  requestCount: count,
  recentRequests: z
    .array(recentRequest)
    .check(z.maxLength(LIMITS.recentRequests, `must hold at most ${LIMITS.recentRequests} requests`)),
  // The mock leaves it out when there is none; only clients read `null` as absent.
  lastError: z.optional(z.string()),
})

/**
 * SPEC §4.7: the answer to a delete, as the mock answers it.
 *
 * @example
 * ```ts
 * import { deleted } from './exact.js'
 * deleted.parse({ deleted: true, id: 'ses_1' })
 * ```
 */
export const deleted = described('deleted', tolerantAnswers.deleted.def.shape)

/**
 * SPEC §4.8: a session's tags, as the mock answers them.
 *
 * @example
 * ```ts
 * import { sessionTags } from './exact.js'
 * sessionTags.parse({ id: 'ses_1', tags: ['drums'] })
 * ```
 */
export const sessionTags = described('sessionTags', tolerantAnswers.sessionTags.def.shape)

/**
 * SPEC §4.9: a session's notes, as the mock answers them.
 *
 * @example
 * ```ts
 * import { sessionNotes } from './exact.js'
 * sessionNotes.parse({ id: 'ses_1', notes: '' })
 * ```
 */
export const sessionNotes = described('sessionNotes', tolerantAnswers.sessionNotes.def.shape)

/**
 * SPEC §4.10: a session's preview metadata, as the mock answers it.
 *
 * @example
 * ```ts
 * import { sessionPreview } from './exact.js'
 * sessionPreview.safeParse({ ...metadata, previewStatus: 'rendering' }).success // false
 * ```
 */
export const sessionPreview = described('sessionPreview', {
  ...tolerantAnswers.sessionPreview.def.shape,
  ...previewFields,
})

/**
 * SPEC §4.11: a session's waveform, as the mock answers it.
 *
 * @example
 * ```ts
 * import { sessionWaveform } from './exact.js'
 * sessionWaveform.safeParse({ sessionId: 's', variantId: 'v', waveform: { peaks: [2] } }).success // false
 * ```
 */
export const sessionWaveform = described('sessionWaveform', { ...tolerantAnswers.sessionWaveform.def.shape, waveform })

/**
 * SPEC §4.12, DECISIONS D14: a waveform note lane, as the mock answers it.
 *
 * @example
 * ```ts
 * import { waveformNoteLane } from './exact.js'
 * waveformNoteLane.parse({ sessionId: 's', variantId: 'v', key: 'k', notes: [] })
 * ```
 */
export const waveformNoteLane = described('waveformNoteLane', {
  ...tolerantAnswers.waveformNoteLane.def.shape,
  notes: z.array(waveformNote),
})

/**
 * SPEC §4.3: the list's paging facts, as the mock answers them.
 *
 * @example
 * ```ts
 * import { listMeta } from './exact.js'
 * listMeta.parse({ total: 120, limit: 50, offset: 100 })
 * ```
 */
export const listMeta = described('listMeta', {
  ...tolerantAnswers.listMeta.def.shape,
  total: count,
  limit: count,
  offset: count,
})

/**
 * The success envelope `{data}` around an exact answer: nothing else beside `data`.
 *
 * @example
 * ```ts
 * import { data, session } from './exact.js'
 * data(session).safeParse({ data: s, meta: {} }).success // false
 * ```
 */
export const data = <T extends z.ZodMiniType>(inner: T) => z.strictObject({ data: inner })

/**
 * SPEC §4.3: the session list's envelope as the mock answers it.
 *
 * @example
 * ```ts
 * import { sessionPage } from './exact.js'
 * sessionPage.parse({ data: [], meta: { total: 0, limit: 50, offset: 0 } })
 * ```
 */
export const sessionPage = described('sessionPage', { data: z.array(session), meta: listMeta })

/**
 * SPEC §4.14: the envelope of `GET /tags` as the mock answers it.
 *
 * @example
 * ```ts
 * import { tagCountList } from './exact.js'
 * tagCountList.parse({ data: [{ tag: 'drums', count: 3 }] })
 * ```
 */
export const tagCountList = data(z.array(tagCount))

const errorBody = errorEnvelope.def.shape.error

/**
 * The error envelope exactly as the mock answers it: a known code and no other field (DECISIONS D4).
 *
 * @example
 * ```ts
 * import { exactErrorEnvelope } from '@session-library/schemas'
 * exactErrorEnvelope.safeParse({ error: { status: 404, code: 'not_found', message: 'session not found' } }).success // true
 * ```
 */
export const exactErrorEnvelope = z.strictObject({
  error: z.strictObject({
    ...errorBody.def.shape,
    status: z.int(),
    code: z.enum(Object.keys(ERRORS) as [KnownErrorCode, ...KnownErrorCode[]]),
  }),
})
