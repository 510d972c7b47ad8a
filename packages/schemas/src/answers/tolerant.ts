import * as z from 'zod/mini'
import type { Kind, Mode, OpenString, PreviewStatus, Status } from '../known-values.js'
import { lazy } from '../lazy.js'

// What a client accepts from any server that follows SPEC.md (DECISIONS preamble): unknown keys
// kept, open strings typed with their known values. pairs.ts derives the exact twins; each field's
// TSDoc is its one text for people (scripts/derive-sources.mjs copies it to field-texts.ts).

// Typed as if stripped (no index signature), so that a misspelt field is a compile error.
const object = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.looseObject(shape) as unknown as z.ZodMiniObject<Shape, z.core.$strip>

// Servers commonly send `null` for an absent optional field: read as absent. An overwrite, not a
// transform: the same result for a fraction of the bundle.
const absentIfNull = <T extends z.ZodMiniType<string>>(schema: T) =>
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

export const preview = lazy(() =>
  object({
    /** The variant's id, as variantId names it (D12). */
    id: text,
    /** The variant's name, e.g. Mix. */
    name: text,
    /** The audio file of the variant. */
    path: text,
    /** Whether it is ready: none, pending, ready or failed (D5). */
    status: previewStatus,
  }),
)

const previewFields = {
  /** Whether a preview exists: none, pending, ready or failed (D5). */
  previewStatus,
  /** Where to open the preview, or empty (D5). */
  previewUrl: text,
  /** Where to fetch the preview's audio, or empty (D5). */
  previewAudioUrl: text,
  /** The media type of the preview's audio, or empty (D5). */
  previewAudioMime: text,
  /** The id of the preview variant used by default, or empty (D12). */
  preferredPreviewId: text,
  /** The session's preview variants (D5). */
  previews: z.array(preview),
}

export const session = lazy(() =>
  object({
    /** The session's id: set by the server, never reused (D5). */
    id: text,
    /** The session's name: trimmed, then 1–200 characters (D5). */
    title: text,
    /** The kind of project, usually its DAW (ableton, logic, reaper…): any text of 1–64 characters (D5). */
    kind: open<Kind>(),
    /** Where the work stands (idea, in-progress, mixing, mastering, done, archived…): any text of 1–64 characters (D5). */
    status: open<Status>(),
    /** A colour as #rrggbb, or empty for none (D5). */
    accent: text,
    /** Tags to find the session by. Each is trimmed, then 1–64 characters without a comma; repeated tags are dropped (the first kept, order kept), then at most 100 may remain (D6). */
    tags: z.array(text),
    /** Free text about the session, at most 100,000 characters (D7). */
    notes: text,
    /** When the session was last opened, as an ISO 8601 UTC timestamp; the recent filter reads it (D11). */
    lastOpened: text,
    /** Where the project file lives on disk; the first one set is kept as projectOriginalPath (D5). */
    projectPath: text,
    /** The first project path the session had, kept when projectPath changes (D5). */
    projectOriginalPath: text,
    ...previewFields,
  }),
)

export const waveform = lazy(() =>
  object({
    /** Names the waveform of one session and variant; stable for them (D13). */
    key: text,
    /** Equals the number of peaks (D13). */
    bucketCount: number,
    /** The audio's length in seconds, more than 0 (D13). */
    duration: number,
    /** Samples per second of the audio, in Hz (D13). */
    sampleRate: number,
    /** Changes when the preview's audio changes (D13). */
    audioVersion: text,
    /** The peak amplitude of each bucket, from 0 to 1 (D13). */
    peaks: z.array(number),
  }),
)

export const waveformNote = lazy(() =>
  object({
    /** The note's id, unique in its lane (D14). */
    id: text,
    /** Seconds from the start of the audio (D14). */
    timestamp: number,
    /** What the note says: 1–2,000 characters (D14). */
    text,
    /** When the note was made, as an ISO 8601 UTC timestamp (D14). */
    createdAt: text,
    /** When the note last changed, as an ISO 8601 UTC timestamp (D14). */
    updatedAt: text,
  }),
)

export const tagCount = lazy(() =>
  object({
    /** The tag. */
    tag: text,
    /** How many sessions carry it (D16). */
    count: number,
  }),
)

export const importResult = lazy(() =>
  object({
    /** The import's id. */
    importId: text,
    /** How many items the import holds (D15). */
    total: number,
    /** How many items became sessions so far (D15). */
    completed: number,
    /** How many items failed so far (D15). */
    failed: number,
    /** How many items were skipped because a session already has their path (D15). */
    skipped: number,
    /** Whether every item has been processed; false in the 202 answer (D15). */
    done: flag,
    /** How long the import has taken, in milliseconds. */
    durationMs: number,
  }),
)

export const recentRequest = lazy(() =>
  object({
    /** The request's HTTP method. */
    method: text,
    /** The path requested, without its query string (D17). */
    path: text,
    /** The HTTP status answered. */
    statusCode: number,
    /** When it was answered, as an ISO 8601 UTC timestamp (D17). */
    at: text,
  }),
)

export const health = lazy(() =>
  object({
    /** ok when the service is healthy (D17). */
    status: text,
    /** The mode set by configuration: disabled, read-only or full-automation (D1). */
    configuredMode: mode,
    /** The mode in force; writes need full-automation (D1). */
    effectiveMode: mode,
    /** Whether the service runs: true in an answer (D17). */
    running: flag,
    /** The port the service listens on. */
    port: number,
    /** The API's address, ending in /api/v1 (D17). */
    baseUrl: text,
    /** The address of the reference pages (D17). */
    docsUrl: text,
    /** How many requests under /api/v1 were answered before this one, 401s included (D17). */
    requestCount: number,
    /** The last 50 requests, newest first (D17). */
    recentRequests: z.array(recentRequest),
    /** The message of the most recent 5xx answer; absent when there was none (D17). */
    lastError: absentIfNull(text),
  }),
)

export const deleted = lazy(() =>
  object({
    /** true: the session is gone. */
    deleted: flag,
    /** The id of the deleted session. */
    id: text,
  }),
)

export const sessionTags = lazy(() =>
  object({
    /** The session's id. */
    id: text,
    /** The session's tags, in order (D6). */
    tags: session.def.shape.tags,
  }),
)

export const sessionNotes = lazy(() =>
  object({
    /** The session's id. */
    id: text,
    /** The session's notes; empty when cleared (D7). */
    notes: text,
  }),
)

export const sessionPreview = lazy(() =>
  object({
    /** The session's id. */
    id: text,
    ...previewFields,
  }),
)

export const sessionWaveform = lazy(() =>
  object({
    /** The session's id. */
    sessionId: text,
    /** The preview variant the waveform is of (D12). */
    variantId: text,
    /** The waveform's peaks and what they measure (D13). */
    waveform,
  }),
)

export const waveformNoteLane = lazy(() =>
  object({
    /** The session's id. */
    sessionId: text,
    /** The preview variant the lane belongs to (D12). */
    variantId: text,
    /** The waveform key that names the lane (D14). */
    key: text,
    /** The notes, by timestamp, then id (D14). */
    notes: z.array(waveformNote),
  }),
)

export const listMeta = lazy(() =>
  object({
    /** How many sessions match the filters, on all pages (D9). */
    total: number,
    /** The page size applied, at most 500 (D9). */
    limit: number,
    /** How many matching sessions come before this page (D9). */
    offset: number,
  }),
)

export const data = <T extends z.ZodMiniType>(inner: T): z.ZodMiniObject<Payload<T>, z.core.$strip> => {
  // One envelope per payload: the client's routes and the endpoint table share it.
  const made = envelopes.get(inner) ?? lazy(() => object({ data: inner }))
  envelopes.set(inner, made)
  return made as z.ZodMiniObject<Payload<T>, z.core.$strip>
}
type Payload<T> = {
  /** The answer's payload. */
  data: T
}
const envelopes = new WeakMap<z.ZodMiniType, z.ZodMiniObject>()

export const sessionPage = lazy(() =>
  object({
    /** The sessions of this page, in the requested order (D10). */
    data: z.array(session),
    /** Paging facts: total, limit and offset (D9). */
    meta: listMeta,
  }),
)

export const tagCountList = lazy(() => data(z.array(tagCount)))
