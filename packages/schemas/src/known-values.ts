/**
 * Values the API is known to use where SPEC.md lists none (DECISIONS D1, D5, D10, D15). Answer schemas
 * accept any string there; the lists power type suggestions, the mock's defaults and its demo data.
 */
export const KNOWN_KINDS = [
  'ableton',
  'logic',
  'fl-studio',
  'pro-tools',
  'reaper',
  'bitwig',
  'cubase',
  'studio-one',
  'other',
] as const

/** Known session statuses (DECISIONS D5). */
export const KNOWN_STATUSES = ['idea', 'in-progress', 'mixing', 'mastering', 'done', 'archived'] as const

/** Values of a session's `previewStatus` and of each preview's `status` (DECISIONS D5). */
export const PREVIEW_STATUSES = ['none', 'pending', 'ready', 'failed'] as const

/** Service modes; writes succeed only in `full-automation` (DECISIONS D1). */
export const MODES = ['disabled', 'read-only', 'full-automation'] as const

/** Sort keys of the session list; a leading `-` sorts descending (DECISIONS D10). */
export const SORT_KEYS = ['title', 'lastOpened', 'kind', 'status'] as const

/** Services that can be unavailable in a runtime and then answer 501 (SPEC §4.11–4.13). */
export const SERVICES = ['waveform', 'waveform-notes', 'import'] as const

/** Project file extensions and the session kind an import gives them (DECISIONS D15). */
export const PROJECT_EXTENSIONS = {
  '.als': 'ableton',
  '.logicx': 'logic',
  '.flp': 'fl-studio',
  '.ptx': 'pro-tools',
  '.rpp': 'reaper',
  '.bwproject': 'bitwig',
  '.cpr': 'cubase',
  '.song': 'studio-one',
} as const satisfies Record<string, (typeof KNOWN_KINDS)[number]>

/** A string type that suggests the known values but accepts any, so that a newer server's answer type-checks. */
export type OpenString<Known extends string> = Known | (string & {})

/** A session kind: one of {@link KNOWN_KINDS} or any other string. */
export type Kind = OpenString<(typeof KNOWN_KINDS)[number]>

/** A session status: one of {@link KNOWN_STATUSES} or any other string. */
export type Status = OpenString<(typeof KNOWN_STATUSES)[number]>

/** A preview status: one of {@link PREVIEW_STATUSES} or any other string. */
export type PreviewStatus = OpenString<(typeof PREVIEW_STATUSES)[number]>

/** A service mode: one of {@link MODES}, exactly (a client reads a snapshot's as `OpenString<Mode>`). */
export type Mode = (typeof MODES)[number]

/** A sort key of the session list, ascending or (with `-`) descending (DECISIONS D10). */
export type SortKey = (typeof SORT_KEYS)[number] | `-${(typeof SORT_KEYS)[number]}`

/** A service that can be unavailable (answers 501). */
export type Service = (typeof SERVICES)[number]

/** Every numeric limit of DECISIONS.md, so that the mock, the SDK, the tests and the docs quote one figure. */
export const LIMITS = {
  /** D5: a title is 1–200 characters after trimming. */
  titleLength: 200,
  /** D5: kind and status are 1–64 characters. */
  kindLength: 64,
  /** D6: a tag is 1–64 characters after trimming. */
  tagLength: 64,
  /** D6: tags per session, counted after duplicates are dropped. */
  tagsPerSession: 100,
  /** D7: notes of a session. */
  notesLength: 100_000,
  /** D9: default page size. */
  listLimitDefault: 50,
  /** D9: larger page sizes are clamped to this. */
  listLimitMax: 500,
  /** D9: `limit` and `offset` above this (2^53−1, the largest integer a JSON number holds exactly) are 400. */
  pagingMax: Number.MAX_SAFE_INTEGER,
  /** D14: a waveform note's text. */
  noteTextLength: 2_000,
  /** D14: notes in one waveform note lane. */
  notesPerLane: 1_000,
  /** D15: items in one import. */
  importItems: 1_000,
  /** D4, D18: request bodies larger than this are answered 413. */
  bodyBytes: 1024 * 1024,
  /** D11: days that count as recent. */
  recentDaysDefault: 30,
  /** D17: requests kept in the health snapshot's `recentRequests`. */
  recentRequests: 50,
} as const
