import type { Session } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'

/** How long `startAndWait` waits for an import's sessions by default: 5 minutes (300,000 ms). */
export const DEFAULT_IMPORT_WAIT = 300_000

/** How often `startAndWait` reads the session list by default, in ms: 500. */
export const DEFAULT_IMPORT_INTERVAL = 500

/** How far an import has come: how many of its distinct project paths have a session. */
export interface ImportProgress {
  /** The import's id, from the `202` answer. */
  importId: string
  /** Distinct project paths that have a session by now. */
  found: number
  /** Distinct project paths of the import's items. */
  total: number
}

/** How `startAndWait` (and {@link waitForImportedSessions}) waits. */
export interface ImportWaitOptions {
  /** The longest wait in ms. Default {@link DEFAULT_IMPORT_WAIT}. */
  timeout?: number
  /** The pause between two reads of the session list in ms. Default {@link DEFAULT_IMPORT_INTERVAL}. */
  interval?: number
  /** Stops the wait (and the request under way) with an `AbortedError`. */
  signal?: AbortSignal
  /** Called first, then each time more items have a session. */
  onProgress?: (progress: ImportProgress) => void
}

/** Reads every session once (`sessions.iterate`, with the call options the wait passes). */
export type SessionScan = (options: CallOptions) => AsyncIterable<Session>

/** The errors the wait ends with: built by the caller, which knows the request. */
export interface ImportWaitFailures {
  /** `timeout` ran out; `missing` are the project paths still without a session. */
  timedOut(timeout: number, missing: readonly string[]): Error
  /** `signal` aborted the wait during a pause. */
  aborted(reason: unknown): Error
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    signal?.addEventListener('abort', stop, { once: true })
  })
}

// The server skips an item whose path a session has as its path or its original one: it is the item's.
function claim(session: Session, waiting: Map<string, Session | undefined>): void {
  for (const path of [session.projectPath, session.projectOriginalPath])
    if (waiting.has(path) && waiting.get(path) === undefined) waiting.set(path, session)
}

/** The one rule for waiting on an import (`startAndWait`, the CLI's `imports start --wait`): the session list
 * is read every `interval` ms until each item's path is a session's `projectPath` or `projectOriginalPath`;
 * resolves with those sessions in the items' order.
 */
export async function waitForImportedSessions(
  scan: SessionScan,
  projectPaths: readonly string[],
  importId: string,
  options: ImportWaitOptions,
  failures: ImportWaitFailures,
): Promise<Session[]> {
  const { timeout = DEFAULT_IMPORT_WAIT, interval = DEFAULT_IMPORT_INTERVAL, signal, onProgress } = options
  const waiting = new Map<string, Session | undefined>(projectPaths.map((path) => [path, undefined]))
  const deadline = Date.now() + timeout
  let reported = -1
  for (;;) {
    for await (const session of scan({ signal })) claim(session, waiting)
    const missing = [...waiting.keys()].filter((path) => !waiting.get(path))
    const found = waiting.size - missing.length
    if (found !== reported) onProgress?.({ importId, found, total: waiting.size })
    reported = found
    if (missing.length === 0) return projectPaths.map((path) => waiting.get(path) as Session)
    const left = deadline - Date.now()
    if (left <= 0) throw failures.timedOut(timeout, missing)
    await pause(Math.min(interval, left), signal).catch((reason: unknown) => {
      throw failures.aborted(reason)
    })
  }
}
