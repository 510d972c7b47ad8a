import { RECORDING_VERSION, type RecordedExchange, type Recording } from '@session-library/schemas'
import type { Runtime } from './runtime.js'

/** What `MockApi.record()` gives: the recording so far, and a way to stop it. */
export interface Recorder {
  /** Every request answered since `record()`, resets included, each with the mode and services it met. */
  recording(): Recording
  /** Stops recording; what was recorded stays. */
  stop(): void
}

/** Keeps each journal entry whole (the journal itself keeps the latest 1,000, and a reset empties it). */
export function startRecording(runtime: Runtime): Recorder {
  const exchanges: RecordedExchange[] = []
  const stop = runtime.journal.subscribeEntries((entry) => {
    const { configuredMode, effectiveMode, unavailable } = runtime.settings
    exchanges.push({ ...entry, configuredMode, effectiveMode, unavailable: [...unavailable] })
  })
  return {
    recording: () => ({ recording: RECORDING_VERSION, recordedAt: runtime.clock.iso(), exchanges: [...exchanges] }),
    stop,
  }
}
