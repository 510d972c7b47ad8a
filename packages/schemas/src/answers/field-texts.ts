// What each field of an answer means, for people: the OpenAPI document reads it from the exact
// schemas, which take it from here; the tolerant schemas carry the same text as TSDoc, for an
// editor's hover (a test keeps the two equal).

const SESSION_ID = "The session's id."

const PREVIEW_FIELDS = {
  previewStatus: 'Whether a preview exists: none, pending, ready or failed (D5).',
  previewUrl: 'Where to open the preview, or empty (D5).',
  previewAudioUrl: "Where to fetch the preview's audio, or empty (D5).",
  previewAudioMime: "The media type of the preview's audio, or empty (D5).",
  preferredPreviewId: 'The id of the preview variant used by default, or empty (D12).',
  previews: "The session's preview variants (D5).",
}

/**
 * The text of every answer field, by the name of the type that holds it.
 *
 * @example
 * ```ts
 * FIELD_TEXTS.Session.accent // 'A colour as #rrggbb, or empty for none (D5).'
 * ```
 */
export const FIELD_TEXTS = {
  Session: {
    id: "The session's id: set by the server, never reused (D5).",
    title: "The session's name: 1–200 characters (D5).",
    kind: 'The kind of project, usually its DAW (ableton, logic, reaper…), or any other text (D5).',
    status: 'Where the work stands (idea, in-progress, mixing, mastering, done, archived), or any other text (D5).',
    accent: 'A colour as #rrggbb, or empty for none (D5).',
    tags: 'Tags to find the session by, in the order given (D6).',
    notes: 'Free text about the session (D7).',
    lastOpened: 'When the session was last opened, as an ISO 8601 UTC timestamp; the recent filter reads it (D11).',
    projectPath: 'Where the project file lives on disk.',
    projectOriginalPath: 'The first project path the session had, kept when projectPath changes (D5).',
    ...PREVIEW_FIELDS,
  },
  Preview: {
    id: "The variant's id, as variantId names it (D12).",
    name: "The variant's name, e.g. Mix.",
    path: 'The audio file of the variant.',
    status: 'Whether it is ready: none, pending, ready or failed (D5).',
  },
  Waveform: {
    key: 'Names the waveform of one session and variant; stable for them (D13).',
    bucketCount: 'Equals the number of peaks (D13).',
    duration: "The audio's length in seconds, more than 0 (D13).",
    sampleRate: 'Samples per second of the audio, in Hz (D13).',
    audioVersion: "Changes when the preview's audio changes (D13).",
    peaks: 'The peak amplitude of each bucket, from 0 to 1 (D13).',
  },
  WaveformNote: {
    id: "The note's id, unique in its lane (D14).",
    timestamp: 'Seconds from the start of the audio (D14).',
    text: 'What the note says: 1–2,000 characters (D14).',
    createdAt: 'When the note was made, as an ISO 8601 UTC timestamp (D14).',
    updatedAt: 'When the note last changed, as an ISO 8601 UTC timestamp (D14).',
  },
  TagCount: {
    tag: 'The tag.',
    count: 'How many sessions carry it (D16).',
  },
  ImportResult: {
    importId: "The import's id.",
    total: 'How many items the import holds (D15).',
    completed: 'How many items became sessions so far (D15).',
    failed: 'How many items failed so far (D15).',
    skipped: 'How many items were skipped because a session already has their path (D15).',
    done: 'Whether every item has been processed; false in the 202 answer (D15).',
    durationMs: 'How long the import has taken, in milliseconds.',
  },
  RecentRequest: {
    method: "The request's HTTP method.",
    path: 'The path requested, without its query string (D17).',
    statusCode: 'The HTTP status answered.',
    at: 'When it was answered, as an ISO 8601 UTC timestamp (D17).',
  },
  Health: {
    status: 'ok when the service is healthy (D17).',
    configuredMode: 'The mode set by configuration: disabled, read-only or full-automation (D1).',
    effectiveMode: 'The mode in force; writes need full-automation (D1).',
    running: 'Whether the service runs: true in an answer (D17).',
    port: 'The port the service listens on.',
    baseUrl: "The API's address, ending in /api/v1 (D17).",
    docsUrl: 'The address of the reference pages (D17).',
    requestCount: 'How many requests under /api/v1 were answered before this one, 401s included (D17).',
    recentRequests: 'The last 50 requests, newest first (D17).',
    lastError: 'The message of the most recent 5xx answer; absent when there was none (D17).',
  },
  Deleted: {
    deleted: 'true: the session is gone.',
    id: 'The id of the deleted session.',
  },
  SessionTags: {
    id: SESSION_ID,
    tags: "The session's tags, in order (D6).",
  },
  SessionNotes: {
    id: SESSION_ID,
    notes: "The session's notes; empty when cleared (D7).",
  },
  SessionPreview: {
    id: SESSION_ID,
    ...PREVIEW_FIELDS,
  },
  SessionWaveform: {
    sessionId: SESSION_ID,
    variantId: 'The preview variant the waveform is of (D12).',
    waveform: "The waveform's peaks and what they measure (D13).",
  },
  WaveformNoteLane: {
    sessionId: SESSION_ID,
    variantId: 'The preview variant the lane belongs to (D12).',
    key: 'The waveform key that names the lane (D14).',
    notes: 'The notes, by timestamp, then id (D14).',
  },
  ListMeta: {
    total: 'How many sessions match the filters, on all pages (D9).',
    limit: 'The page size applied, at most 500 (D9).',
    offset: 'How many matching sessions come before this page (D9).',
  },
  SessionPage: {
    data: 'The sessions of this page, in the requested order (D10).',
    meta: 'Paging facts: total, limit and offset (D9).',
  },
} as const
