import * as z from 'zod/mini'
import { ERRORS, errorEnvelope, type KnownErrorCode } from '../errors.js'
import { accentRule, boundedText, kindRule, statusRule, timestamp } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { LIMITS, MODES, type Mode, PREVIEW_STATUSES, type PreviewStatus } from '../known-values.js'
import { API_PREFIX } from '../paths.js'
import * as tolerant from './tolerant.js'

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

/** SPEC §2.2, DECISIONS D5: a preview variant as the mock answers it. */
export const preview = described('preview', { ...tolerant.preview.def.shape, status: previewStatus })

const previewFields = { previewStatus, previews: z.array(preview) }

/** SPEC §2.1, DECISIONS D5, D18: a session as the mock answers it. */
export const session = described('session', {
  ...tolerant.session.def.shape,
  kind: kindRule,
  status: statusRule,
  accent: accentRule(),
  lastOpened: when,
  ...previewFields,
})

/** SPEC §2.3, DECISIONS D13: peaks in [0, 1], one per bucket. */
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

/** SPEC §2.4, DECISIONS D14: `timestamp` ≥ 0 seconds, `text` 1–2,000 characters. */
export const waveformNote = described('waveformNote', {
  ...tolerant.waveformNote.def.shape,
  timestamp: z.number().check(z.minimum(0)),
  text: boundedText(LIMITS.noteTextLength),
  createdAt: when,
  updatedAt: when,
})

/** SPEC §2.5: a tag count as the mock answers it. */
export const tagCount = described('tagCount', { ...tolerant.tagCount.def.shape, count })

/** SPEC §2.6: an import's state as the mock answers it. */
export const importResult = described('importResult', {
  ...tolerant.importResult.def.shape,
  total: count,
  completed: count,
  failed: count,
  skipped: count,
  durationMs: count,
})

/** SPEC §2.7, DECISIONS D17: one entry of `recentRequests` as the mock answers it. */
export const recentRequest = described('recentRequest', {
  ...tolerant.recentRequest.def.shape,
  statusCode: z.int(),
  at: when,
})

/** SPEC §2.7, DECISIONS D1, D17: the health snapshot as the mock answers it. */
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

/** SPEC §4.7: the answer to a delete, as the mock answers it. */
export const deleted = described('deleted', tolerant.deleted.def.shape)

/** SPEC §4.8: a session's tags, as the mock answers them. */
export const sessionTags = described('sessionTags', tolerant.sessionTags.def.shape)

/** SPEC §4.9: a session's notes, as the mock answers them. */
export const sessionNotes = described('sessionNotes', tolerant.sessionNotes.def.shape)

/** SPEC §4.10: a session's preview metadata, as the mock answers it. */
export const sessionPreview = described('sessionPreview', {
  ...tolerant.sessionPreview.def.shape,
  ...previewFields,
})

/** SPEC §4.11: a session's waveform, as the mock answers it. */
export const sessionWaveform = described('sessionWaveform', { ...tolerant.sessionWaveform.def.shape, waveform })

/** SPEC §4.12, DECISIONS D14: a waveform note lane, as the mock answers it. */
export const waveformNoteLane = described('waveformNoteLane', {
  ...tolerant.waveformNoteLane.def.shape,
  notes: z.array(waveformNote),
})

/** SPEC §4.3: the list's paging facts, as the mock answers them. */
export const listMeta = described('listMeta', {
  ...tolerant.listMeta.def.shape,
  total: count,
  limit: count,
  offset: count,
})

/** The success envelope `{data}` around an exact answer: nothing else beside `data`. */
export const data = <T extends z.ZodMiniType>(inner: T) => z.strictObject({ data: inner })

/** SPEC §4.3: the session list's envelope as the mock answers it. */
export const sessionPage = described('sessionPage', { data: z.array(session), meta: listMeta })

/** SPEC §4.14: the envelope of `GET /tags` as the mock answers it. */
export const tagCountList = data(z.array(tagCount))

const errorBody = errorEnvelope.def.shape.error

/** The error envelope exactly as the mock answers it: a known code and no other field (DECISIONS D4). */
export const exactErrorEnvelope = z.strictObject({
  error: z.strictObject({
    ...errorBody.def.shape,
    status: z.int(),
    code: z.enum(Object.keys(ERRORS) as [KnownErrorCode, ...KnownErrorCode[]]),
  }),
})
