import type { Mode, Service } from '@session-library/schemas'
import type { LibraryChange, LibrarySnapshot } from './store/records.js'
import type { ReadAudio } from './waveform/waveforms.js'

/** Options of `createMockApi`; they mirror the standalone mock's flags (MOCK.md). */
export interface MockOptions {
  /**
   * The base URL (or several) it answers, each ending in `/api/v1` (or an origin alone); `'*'` answers
   * every origin. Default: `http://127.0.0.1:4777/api/v1` and, in a browser, the page's own origin.
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
  /** A library to start from instead of the seeded one; checked first (a TypeError names the record and field). */
  library?: LibrarySnapshot
  /** Called with the whole library after every change, awaited before the answer goes out. */
  onChange?: (library: LibrarySnapshot) => void | Promise<void>
  /** Called with what each change did, record by record, awaited before the answer goes out (`whole` after a reset). */
  onChanges?: (change: LibraryChange) => void | Promise<void>
  /** Whether `Prefer: code=<status>` forces a request's answer (D21; `--no-prefer`). Default true. */
  prefer?: boolean
  /** Origins whose requests get CORS headers and preflights answered (D18), `'*'` any. Default its own; `startServer`'s none. */
  cors?: readonly string[] | '*'
  /** Reads an audio file's bytes by path (D13): a readable WAV gives real peaks; without it all are synthetic. */
  readAudio?: ReadAudio
}
