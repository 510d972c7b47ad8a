/**
 * `@session-library/mock-server`, browser-safe main entry: the stateful MSW mock of the Session
 * Library API, implementing SPEC and the decisions D1–D21 (docs/rules.md).
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

export type { Mode, RecordedExchange, Recording, Service } from '@session-library/schemas'
export { DEFAULT_BASE_URL } from '@session-library/schemas'
export type { JournalEvent, MockState } from './control/events.js'
export { CONTROL_PREFIX } from './control/routes.js'
export type { TransportAnswer } from './http/answer.js'
export type { OverrideError } from './http/api-error.js'
export {
  answerOf,
  type OverrideAnswer,
  type OverrideCheck,
  type OverrideContext,
  type OverrideErrorCode,
  type OverrideOptions,
  type OverrideResolver,
} from './http/override.js'
export type { UnhandledCallback } from './http/unhandled.js'
export { createMockApi, type MockServer, ownMock, withMock } from './mock-api.js'
export type { MockApi, MockControls } from './mock-controls.js'
export type { MockOptions } from './mock-options.js'
export { type Fault, type FaultStatus, faultSchema, type PendingFault } from './runtime/faults.js'
export type { ImportProgress } from './runtime/imports.js'
export type { JournalDetail, JournalEntry, JournalEntryOf, JournalSummary, RequestFilter } from './runtime/journal.js'
export type { BodyText } from './runtime/journal-bodies.js'
export type { Recorder } from './runtime/recorder.js'
export type { VerifyPattern } from './runtime/verify.js'
export { type DemoOptions, demoLibrary } from './store/demo-library.js'
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
export { version } from './version.js'
export { decodeWavPeaks, type WavPeaks } from './waveform/wav.js'
export type { ReadAudio } from './waveform/waveforms.js'
