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

/** SPEC §2.2: one preview variant of a session. */
export const preview = resource({ id, name: text, path: text, status: previewStatus })

const previews = field(z.array(preview.tolerant), z.array(preview.exact))

/** SPEC §2.1: a session, as answered (the search-only `client` is not part of it). */
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

/** SPEC §2.3 and DECISIONS D13: a waveform's peaks and their meaning. */
export const waveform = resource({
  key: text,
  bucketCount: count,
  duration: field(z.number(), z.number().check(z.positive())),
  sampleRate: field(z.number(), z.number().check(z.positive())),
  audioVersion: text,
  peaks: field(z.array(z.number()), z.array(unitPeak)),
})

/** SPEC §2.4 and DECISIONS D14: a note on a waveform, `timestamp` in seconds. */
export const waveformNote = resource({
  id,
  timestamp: field(z.number(), z.number().check(z.minimum(0))),
  text,
  createdAt: when,
  updatedAt: when,
})

/** SPEC §2.5: how many sessions carry a tag. */
export const tagCount = resource({ tag: text, count })

/** SPEC §2.6: the state of a batch import. */
export const importResult = resource({
  importId: id,
  total: count,
  completed: count,
  failed: count,
  skipped: count,
  done: field(z.boolean()),
  durationMs: count,
})

/** SPEC §2.7: one entry of the health snapshot's `recentRequests`. */
export const recentRequest = resource({
  method: text,
  path: text,
  statusCode: field(z.number(), z.int()),
  at: when,
})

/** SPEC §2.7 and DECISIONS D17: the health snapshot. */
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

/** SPEC §4.7: the answer to a delete. */
export const deleted = resource({ deleted: field(z.boolean()), id })

/** SPEC §4.8: a session's tags. */
export const sessionTags = resource({ id, tags: session.fields.tags })

/** SPEC §4.9: a session's notes. */
export const sessionNotes = resource({ id, notes: text })

/** SPEC §4.10: a session's preview metadata. */
export const sessionPreview = resource({
  id,
  previewStatus,
  preferredPreviewId: text,
  previewUrl: text,
  previewAudioUrl: text,
  previewAudioMime: text,
  previews,
})

/** SPEC §4.11: a waveform of one session and variant. */
export const sessionWaveform = resource({
  sessionId: id,
  variantId: id,
  waveform: field(waveform.tolerant, waveform.exact),
})

/** SPEC §4.12: a waveform note lane. */
export const waveformNoteLane = resource({
  sessionId: id,
  variantId: id,
  key: text,
  notes: field(z.array(waveformNote.tolerant), z.array(waveformNote.exact)),
})

/** SPEC §4.3: the list's paging facts. */
export const listMeta = resource({ total: count, limit: count, offset: count })
