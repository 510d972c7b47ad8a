import * as z from 'zod/mini'
import type { Kind, Mode, OpenString, PreviewStatus, Status } from '../known-values.js'

// What a client accepts from any server that follows SPEC.md (DECISIONS preamble): unknown keys are
// kept, and strings SPEC.md lists no values for are open, typed with the known ones as suggestions.
// The exact schemas (exact.ts) are derived from these; the client entry imports nothing else.

// Unknown keys are kept at run time, yet typed as if stripped: the inferred types list SPEC.md's
// fields and no index signature, so a misspelt field is a compile error.
const object = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.looseObject(shape) as unknown as z.ZodMiniObject<Shape, z.core.$strip>

// Servers commonly send `null` for an absent optional field: read as absent, typed `T | undefined`.
const absentIfNull = <T extends z.ZodMiniType<string>>(schema: T) =>
  // overwrite, not a transform: the same result for a fraction of the bundle (zod's pipe and transform).
  z.optional(
    z.nullable(schema).check(z.overwrite((value) => (value ?? undefined) as z.output<T>)),
  ) as unknown as z.ZodMiniOptional<T>

const text = z.string()
// One string schema for every field: an open string is a string typed with its known values.
const open = <T extends string>() => text as unknown as z.ZodMiniType<T>
const number = z.number()
const flag = z.boolean()
const previewStatus = open<PreviewStatus>()
const mode = open<OpenString<Mode>>()

/**
 * SPEC §2.2: one preview variant of a session, as a client reads it.
 *
 * @example
 * ```ts
 * import { preview } from './tolerant.js'
 * preview.parse({ id: 'pv_1', name: 'Mix', path: '/m/mix.wav', status: 'rendering' }).status // 'rendering'
 * ```
 */
export const preview = object({ id: text, name: text, path: text, status: previewStatus })

const previewFields = {
  previewStatus,
  previewUrl: text,
  previewAudioUrl: text,
  previewAudioMime: text,
  preferredPreviewId: text,
  previews: z.array(preview),
}

/**
 * SPEC §2.1: a session, as a client reads it.
 *
 * @example
 * ```ts
 * import { session } from './tolerant.js'
 * const s = session.parse(body.data) // unknown fields kept, unknown kinds accepted
 * ```
 */
export const session = object({
  id: text,
  title: text,
  kind: open<Kind>(),
  status: open<Status>(),
  accent: text,
  tags: z.array(text),
  notes: text,
  lastOpened: text,
  projectPath: text,
  projectOriginalPath: text,
  ...previewFields,
})

/**
 * SPEC §2.3: a waveform, as a client reads it.
 *
 * @example
 * ```ts
 * import { waveform } from './tolerant.js'
 * waveform.parse(answer.data.waveform).peaks // number[]
 * ```
 */
export const waveform = object({
  key: text,
  bucketCount: number,
  duration: number,
  sampleRate: number,
  audioVersion: text,
  peaks: z.array(number),
})

/**
 * SPEC §2.4: a waveform note, as a client reads it.
 *
 * @example
 * ```ts
 * import { waveformNote } from './tolerant.js'
 * waveformNote.parse(lane.notes[0]).timestamp // seconds
 * ```
 */
export const waveformNote = object({ id: text, timestamp: number, text, createdAt: text, updatedAt: text })

/**
 * SPEC §2.5: how many sessions carry a tag.
 *
 * @example
 * ```ts
 * import { tagCount } from './tolerant.js'
 * tagCount.parse({ tag: 'drums', count: 3 })
 * ```
 */
export const tagCount = object({ tag: text, count: number })

/**
 * SPEC §2.6: the state of a batch import.
 *
 * @example
 * ```ts
 * import { importResult } from './tolerant.js'
 * importResult.parse(answer.data).done // false right after the 202
 * ```
 */
export const importResult = object({
  importId: text,
  total: number,
  completed: number,
  failed: number,
  skipped: number,
  done: flag,
  durationMs: number,
})

/**
 * SPEC §2.7: one entry of the health snapshot's `recentRequests`.
 *
 * @example
 * ```ts
 * import { recentRequest } from './tolerant.js'
 * recentRequest.parse({ method: 'GET', path: '/api/v1/health', statusCode: 200, at: '2026-11-21T10:00:00.000Z' })
 * ```
 */
export const recentRequest = object({ method: text, path: text, statusCode: number, at: text })

/**
 * SPEC §2.7: the health snapshot; `lastError` is optional, `null` read as absent (DECISIONS preamble).
 *
 * @example
 * ```ts
 * import { health } from './tolerant.js'
 * health.parse(answer.data).effectiveMode // 'full-automation', or any mode a newer server reports
 * ```
 */
export const health = object({
  status: text,
  configuredMode: mode,
  effectiveMode: mode,
  running: flag,
  port: number,
  baseUrl: text,
  docsUrl: text,
  requestCount: number,
  recentRequests: z.array(recentRequest),
  lastError: absentIfNull(text),
})

/**
 * SPEC §4.7: the answer to a delete.
 *
 * @example
 * ```ts
 * import { deleted } from './tolerant.js'
 * deleted.parse({ deleted: true, id: 'ses_1' })
 * ```
 */
export const deleted = object({ deleted: flag, id: text })

/**
 * SPEC §4.8: a session's tags.
 *
 * @example
 * ```ts
 * import { sessionTags } from './tolerant.js'
 * sessionTags.parse({ id: 'ses_1', tags: ['drums'] }).tags // ['drums']
 * ```
 */
export const sessionTags = object({ id: text, tags: session.def.shape.tags })

/**
 * SPEC §4.9: a session's notes.
 *
 * @example
 * ```ts
 * import { sessionNotes } from './tolerant.js'
 * sessionNotes.parse({ id: 'ses_1', notes: '' }).notes // ''
 * ```
 */
export const sessionNotes = object({ id: text, notes: text })

/**
 * SPEC §4.10: a session's preview metadata.
 *
 * @example
 * ```ts
 * import { sessionPreview } from './tolerant.js'
 * sessionPreview.parse(answer.data).previews // Preview[]
 * ```
 */
export const sessionPreview = object({ id: text, ...previewFields })

/**
 * SPEC §4.11: a waveform of one session and variant.
 *
 * @example
 * ```ts
 * import { sessionWaveform } from './tolerant.js'
 * sessionWaveform.parse(answer.data).waveform.peaks // number[]
 * ```
 */
export const sessionWaveform = object({ sessionId: text, variantId: text, waveform })

/**
 * SPEC §4.12: a waveform note lane.
 *
 * @example
 * ```ts
 * import { waveformNoteLane } from './tolerant.js'
 * waveformNoteLane.parse(answer.data).notes // sorted by timestamp, then id (D14)
 * ```
 */
export const waveformNoteLane = object({
  sessionId: text,
  variantId: text,
  key: text,
  notes: z.array(waveformNote),
})

/**
 * SPEC §4.3: the list's paging facts.
 *
 * @example
 * ```ts
 * import { listMeta } from './tolerant.js'
 * listMeta.parse({ total: 120, limit: 50, offset: 100 })
 * ```
 */
export const listMeta = object({ total: number, limit: number, offset: number })

/**
 * The success envelope `{data}` around an answer (SPEC §1), as a client reads it.
 *
 * @example
 * ```ts
 * import { data, session } from './tolerant.js'
 * data(session).parse(body).data.id
 * ```
 */
export const data = <T extends z.ZodMiniType>(inner: T) => object({ data: inner })

/**
 * The session list's envelope `{data, meta}` (SPEC §4.3), as a client reads it.
 *
 * @example
 * ```ts
 * import { sessionPage } from './tolerant.js'
 * sessionPage.parse({ data: [], meta: { total: 0, limit: 50, offset: 0 } })
 * ```
 */
export const sessionPage = object({ data: z.array(session), meta: listMeta })

/**
 * The envelope of `GET /tags` (SPEC §4.14), as a client reads it.
 *
 * @example
 * ```ts
 * import { tagCountList } from './tolerant.js'
 * tagCountList.parse({ data: [{ tag: 'drums', count: 3 }] })
 * ```
 */
export const tagCountList = data(z.array(tagCount))
