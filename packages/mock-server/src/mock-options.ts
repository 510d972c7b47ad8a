import type { Mode, Service } from '@session-library/schemas'
import type { LibraryChange, LibrarySnapshot } from './store/records.js'
import type { ReadAudio } from './waveform/waveforms.js'

/** Options of `createMockApi`; they mirror the standalone mock's flags (MOCK.md). */
export interface MockOptions {
  /**
   * The base URL (or several) whose requests it answers: the API under it, the control surface at
   * its origin's `/__mock`. Each must end in `/api/v1` (an origin alone means its `/api/v1`); any
   * other URL is left to msw, so `onUnhandledFrame` (msw 2: `onUnhandledRequest`) sees it. `'*'`
   * answers every origin (the standalone server, which answers whatever Host it accepts). Default:
   * the SDK's default `http://127.0.0.1:4777/api/v1` and, in a browser, the page's own origin.
   */
  baseUrl?: string | readonly string[]
  /** The bearer token it accepts. Default `'test-token'` in-process; the CLI picks its own. */
  token?: string
  /** Configured mode (D1). Default `'full-automation'`. */
  mode?: Mode
  /** Effective mode when it should differ from `mode`. Default: same as `mode`. */
  effectiveMode?: Mode
  /** Services that answer 501. Default none. */
  unavailable?: Service[]
  /** Demo sessions to seed; `0` starts empty. Default 24. */
  sessions?: number
  /** Seed of the demo data and of every generated id. Default 1. */
  seed?: number
  /** Fixes the clock (ISO string or Date). Default: the real clock. */
  now?: string | Date
  /** The window of `recent=true`, in days (D11). Default 30. */
  recentDays?: number
  /** Time each import item takes, in ms (D15). Default 25. */
  importDelay?: number
  /** Delay added to every answer, in ms (at most ten minutes). Default 0. */
  latency?: number
  /**
   * A library to start from instead of the seeded one (the standalone mock's `--data`); checked
   * first: a duplicate id or an invalid record is a TypeError naming the record and the field.
   */
  library?: LibrarySnapshot
  /**
   * Called with the whole library after every change and awaited before the answer goes out,
   * so that a persisted copy never lags behind an answered write (`--data`).
   */
  onChange?: (library: LibrarySnapshot) => void | Promise<void>
  /**
   * Called with what each change did, record by record (the records it stored and the keys it
   * deleted), and awaited before the answer goes out: a persisted copy at the cost of the change,
   * not of the library (`--data`'s change log). After a reset the change is `whole`.
   */
  onChanges?: (change: LibraryChange) => void | Promise<void>
  /**
   * Reads an audio file's bytes by path, `undefined` when it cannot (D13). Where a preview's path
   * names a WAV file it can read, the waveform has that file's peaks; without it (the browser) all
   * peaks are synthetic. The Node entry passes a file reader.
   */
  readAudio?: ReadAudio
}
