import * as z from 'zod/mini'
import { type Kind, MODES, type Mode, PREVIEW_STATUSES, type PreviewStatus, type Status } from './known-values.js'
import { LIMITS } from './limits.js'
import { field, resource } from './resource.js'
import { boundedText, timestamp } from './rules.js'

// Tolerant strings suggest the known values in types but accept any string (DECISIONS preamble).
const open = <T extends string>() => z.string() as unknown as z.ZodMiniType<T>
const text = field(z.string())
const id = text
const count = field(z.number(), z.int().check(z.minimum(0)))
const when = field(z.string(), timestamp())
const kind = field(open<Kind>(), boundedText(LIMITS.kindLength) as z.ZodMiniType<Kind>)
const status = field(open<Status>(), boundedText(LIMITS.kindLength) as z.ZodMiniType<Status>)
const previewStatus = field(open<PreviewStatus>(), z.enum(PREVIEW_STATUSES) as z.ZodMiniType<PreviewStatus>)
const mode = field(open<Mode>(), z.enum(MODES) as z.ZodMiniType<Mode>)
const accent = field(z.string(), z.string().check(z.regex(/^(#[0-9a-fA-F]{6})?$/)))

/**
 * SPEC §2.2: one preview variant of a session.
 *
 * @example
 * ```ts
 * import { preview } from '@session-library/schemas'
 * preview.exact.safeParse({ id: 'pv_1', name: 'Mix', path: '/m/mix.wav', status: 'ready' }).success // true
 * ```
 */
export const preview = resource({ id, name: text, path: text, status: previewStatus })

const previews = field(z.array(preview.tolerant), z.array(preview.exact))

/**
 * SPEC §2.1: a session, as answered (the search-only `client` is not part of it).
 *
 * @example
 * ```ts
 * import { session } from '@session-library/schemas'
 * const s = session.tolerant.parse(body.data) // unknown fields kept, unknown kinds accepted
 * ```
 */
export const session = resource({
  id,
  title: text,
  kind,
  status,
  accent,
  tags: field(z.array(z.string())),
  notes: text,
  lastOpened: when,
  projectPath: text,
  projectOriginalPath: text,
  previewStatus,
  previewUrl: text,
  previewAudioUrl: text,
  previewAudioMime: text,
  preferredPreviewId: text,
  previews,
})

const unitPeak = z.number().check(z.minimum(0), z.maximum(1))

/**
 * SPEC §2.3 and DECISIONS D13: a waveform's peaks and their meaning.
 *
 * @example
 * ```ts
 * import { waveform } from '@session-library/schemas'
 * waveform.exact.safeParse({ key: 'k', bucketCount: 1, duration: 2, sampleRate: 48000, audioVersion: 'v1', peaks: [1.5] }).success // false: peaks are in [0, 1]
 * ```
 */
export const waveform = resource({
  key: text,
  bucketCount: count,
  duration: field(z.number(), z.number().check(z.positive())),
  sampleRate: field(z.number(), z.number().check(z.positive())),
  audioVersion: text,
  peaks: field(z.array(z.number()), z.array(unitPeak)),
})

/**
 * SPEC §2.4 and DECISIONS D14: a note on a waveform, `timestamp` in seconds.
 *
 * @example
 * ```ts
 * import { waveformNote } from '@session-library/schemas'
 * const at = '2026-11-21T10:00:00.000Z'
 * waveformNote.exact.safeParse({ id: 'wn_1', timestamp: -1, text: 'x', createdAt: at, updatedAt: at }).success // false
 * ```
 */
export const waveformNote = resource({
  id,
  timestamp: field(z.number(), z.number().check(z.minimum(0))),
  text,
  createdAt: when,
  updatedAt: when,
})

/**
 * SPEC §2.5: how many sessions carry a tag.
 *
 * @example
 * ```ts
 * import { tagCount } from '@session-library/schemas'
 * tagCount.tolerant.parse({ tag: 'drums', count: 3 })
 * ```
 */
export const tagCount = resource({ tag: text, count })

/**
 * SPEC §2.6: the state of a batch import.
 *
 * @example
 * ```ts
 * import { importResult } from '@session-library/schemas'
 * importResult.tolerant.parse(answer.data).done // false right after the 202
 * ```
 */
export const importResult = resource({
  importId: id,
  total: count,
  completed: count,
  failed: count,
  skipped: count,
  done: field(z.boolean()),
  durationMs: count,
})

/**
 * SPEC §2.7: one entry of the health snapshot's `recentRequests`.
 *
 * @example
 * ```ts
 * import { recentRequest } from '@session-library/schemas'
 * recentRequest.exact.parse({ method: 'GET', path: '/api/v1/health', statusCode: 200, at: '2026-11-21T10:00:00.000Z' })
 * ```
 */
export const recentRequest = resource({
  method: text,
  path: text,
  statusCode: field(z.number(), z.int()),
  at: when,
})

/**
 * SPEC §2.7 and DECISIONS D17: the health snapshot.
 *
 * @example
 * ```ts
 * import { health } from '@session-library/schemas'
 * health.tolerant.parse(answer.data).effectiveMode // 'full-automation', or any mode a newer server reports
 * ```
 */
export const health = resource({
  status: text,
  configuredMode: mode,
  effectiveMode: mode,
  running: field(z.boolean()),
  port: field(z.number(), z.int()),
  baseUrl: text,
  docsUrl: text,
  requestCount: count,
  recentRequests: field(z.array(recentRequest.tolerant), z.array(recentRequest.exact)),
  lastError: field(z.optional(z.string())),
})

/**
 * SPEC §4.7: the answer to a delete.
 *
 * @example
 * ```ts
 * import { deleted } from '@session-library/schemas'
 * deleted.tolerant.parse({ deleted: true, id: 'ses_1' })
 * ```
 */
export const deleted = resource({ deleted: field(z.boolean()), id })

/**
 * SPEC §4.8: a session's tags.
 *
 * @example
 * ```ts
 * import { sessionTags } from '@session-library/schemas'
 * sessionTags.tolerant.parse({ id: 'ses_1', tags: ['drums'] }).tags // ['drums']
 * ```
 */
export const sessionTags = resource({ id, tags: session.fields.tags })

/**
 * SPEC §4.9: a session's notes.
 *
 * @example
 * ```ts
 * import { sessionNotes } from '@session-library/schemas'
 * sessionNotes.tolerant.parse({ id: 'ses_1', notes: '' }).notes // ''
 * ```
 */
export const sessionNotes = resource({ id, notes: text })

/**
 * SPEC §4.10: a session's preview metadata.
 *
 * @example
 * ```ts
 * import { sessionPreview } from '@session-library/schemas'
 * sessionPreview.tolerant.parse(answer.data).previews // Preview[]
 * ```
 */
export const sessionPreview = resource({
  id,
  previewStatus,
  preferredPreviewId: text,
  previewUrl: text,
  previewAudioUrl: text,
  previewAudioMime: text,
  previews,
})

/**
 * SPEC §4.11: a waveform of one session and variant.
 *
 * @example
 * ```ts
 * import { sessionWaveform } from '@session-library/schemas'
 * sessionWaveform.tolerant.parse(answer.data).waveform.peaks // number[]
 * ```
 */
export const sessionWaveform = resource({
  sessionId: id,
  variantId: id,
  waveform: field(waveform.tolerant, waveform.exact),
})

/**
 * SPEC §4.12: a waveform note lane.
 *
 * @example
 * ```ts
 * import { waveformNoteLane } from '@session-library/schemas'
 * waveformNoteLane.tolerant.parse(answer.data).notes // sorted by timestamp, then id (D14)
 * ```
 */
export const waveformNoteLane = resource({
  sessionId: id,
  variantId: id,
  key: text,
  notes: field(z.array(waveformNote.tolerant), z.array(waveformNote.exact)),
})

/**
 * SPEC §4.3: the list's paging facts.
 *
 * @example
 * ```ts
 * import { listMeta } from '@session-library/schemas'
 * listMeta.exact.parse({ total: 120, limit: 50, offset: 100 })
 * ```
 */
export const listMeta = resource({ total: count, limit: count, offset: count })
