/**
 * `@session-library/mock-server`, browser-safe main entry: the stateful MSW mock of the Session
 * Library automation API. Nothing here imports Node's modules (a test bundles it for the browser).
 *
 * The mock implements SPEC.md where it speaks and DECISIONS.md where it does not:
 *
 * | Rule | What | Where |
 * |------|------|-------|
 * | D1  | modes; writes only in effective `full-automation`, else 403 `read_only` | `engine/runtime.ts` (`Settings`), `http/answer.ts` |
 * | D2  | `Bearer` (any case), constant-time compare, 401 + `WWW-Authenticate: Bearer`, token never logged | `http/auth.ts`, the contract's `tokenMask` (`engine/runtime.ts`) |
 * | D3  | order: 401 → 413 → 404 route → fault → 403 → 501 → 400 → handler step (404 session/variant, late 400), for every way in and every override | `http/answer.ts`, `http/override.ts`, `errors/lookup-errors.ts`, `handlers/waveform-notes.ts` |
 * | D4  | one error envelope, SPEC's texts, 400 `invalid_json` through the contract's `checkInput`, 413, 500 generic | `http/api-error.ts`, `http/read-input.ts` |
 * | D5  | create defaults and server-set fields; opaque ids from the seed, never reused (`nextId`), restarting with `reset()` as in a fresh mock | `store/sessions.ts`, `runtime/ids.ts`, `store/library.ts` |
 * | D6  | tags (contract's `tagsBody`); PUT and PATCH replace | `handlers/tags.ts` |
 * | D7  | notes; `""`/`null` clear | `handlers/notes.ts` |
 * | D8  | PATCH `{}` is a no-op; `projectOriginalPath` = first non-empty `projectPath` | `handlers/sessions.ts`, `store/sessions.ts` |
 * | D9  | `limit` (default 50, clamped to 500), `offset`, `meta` | `store/sessions.ts` |
 * | D10 | sort keys, default `-lastOpened`, ties on `id` ascending, titles case-insensitive | `store/sessions.ts` |
 * | D11 | `q` (title, client, notes), `kind`/`daw`, `tags` all-of, `recent` (configurable days) | `store/sessions.ts` |
 * | D12 | variant choice: `variantId`, else preferred, else first; 404 texts | `waveform/waveforms.ts` |
 * | D13 | deterministic peaks per key in [0, 1]; real WAV peaks through `readAudio` | `waveform/waveforms.ts`, `waveform/wav.ts` |
 * | D14 | one lane per (session, variant); ids, createdAt/updatedAt, order, `timestamp ≤ duration`; deleted with the session | `handlers/waveform-notes.ts`, `store/waveform-notes.ts`, `store/library.ts` |
 * | D15 | background import: 202 first, skip known paths, title/kind rules, previews pending → ready | `imports/runner.ts` |
 * | D16 | tag counts: count desc, tag asc | `store/tag-counts.ts` |
 * | D17 | health: modes, port/baseUrl/docsUrl from the request, requestCount, last 50, lastError | `handlers/health.ts`, `runtime/journal.ts` |
 * | D18 | ISO 8601 UTC timestamps with ms from a fixable clock; 413 over 1 MiB | `runtime/clock.ts`, `http/request-view.ts` |
 *
 * D18's host check and CORS belong to the standalone server (`./node`).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node'
 * import { createMockApi } from '@session-library/mock-server'
 * const api = createMockApi({ sessions: 5, now: '2026-11-21T10:00:00.000Z' })
 * setupServer(...api.handlers).listen()
 * ```
 * @module
 */

export type { Service } from '@session-library/schemas'
export { DEFAULT_BASE_URL } from '@session-library/schemas'
export type { JournalEvent } from './control/events.js'
export { CONTROL_PREFIX } from './control/routes.js'
export type { MockState } from './control/state.js'
export { type DemoOptions, demoLibrary } from './demo/library.js'
export type { TransportAnswer } from './http/answer.js'
export {
  answerOf,
  type OverrideAnswer,
  type OverrideCheck,
  type OverrideContext,
  type OverrideError,
  type OverrideErrorCode,
  type OverrideOptions,
  type OverrideResolver,
} from './http/override.js'
export type { UnhandledCallback } from './http/unhandled.js'
export type { ImportProgress } from './imports/runner.js'
export { createMockApi } from './mock-api.js'
export type { MockApi, MockControls } from './mock-controls.js'
export type { MockOptions, Mode } from './mock-options.js'
export { type MockServer, ownMock, withMock } from './own-mock.js'
export { type Fault, type FaultStatus, faultSchema, type PendingFault } from './runtime/faults.js'
export type { JournalDetail, JournalEntry, JournalEntryOf, JournalSummary, RequestFilter } from './runtime/journal.js'
export type { BodyText } from './runtime/journal-bodies.js'
export type { VerifyPattern } from './runtime/verify.js'
export type { LiveStore } from './store/library.js'
export type {
  Frozen,
  LibraryChange,
  LibrarySnapshot,
  PartChange,
  StoredLane,
  StoredSession,
  StoredWaveform,
} from './store/records.js'
export { libraryOf, type SessionFields, sessionRecord } from './store/sessions.js'
export { decodeWavPeaks, type WavPeaks } from './waveform/wav.js'
export type { ReadAudio } from './waveform/waveforms.js'

/** Package version. @example `version // '0.1.0'` */
export const version = '0.1.0'
