/**
 * Every numeric limit of DECISIONS.md in one place, so that the mock, the SDK, the tests and the
 * docs quote the same figure.
 */
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
