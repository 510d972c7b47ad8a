import { API_PREFIX, formatIssues, librarySnapshot } from '@session-library/schemas'
// msw's main entry: msw 2's `msw/core/http` (lighter: no graphql-js) is gone in msw 3, and no
// other subpath exists in both majors.
import { http } from 'msw'
import { CONTROL_PREFIX, createControlResolver } from './control/routes.js'
import { demoLibrary } from './demo/library.js'
import { registerDirectResponder } from './http/direct-dispatch.js'
import { answerApiRequest, handleApiRequest, recordTransportAnswer } from './http/pipeline.js'
import { under } from './http/url-pattern.js'
import { createRuntime } from './runtime/runtime.js'
import type { LibraryChange, LibrarySnapshot, MockApi, MockControls, MockOptions } from './types.js'

/**
 * The library a mock starts from: the one given, checked (zod's output is a new object, so the
 * caller's stays theirs), or the demo library, which the mock generates itself and does not check
 * again (a test checks it against the contract): at 100,000 sessions a check costs half a second.
 */
export function startingLibrary(options: MockOptions): LibrarySnapshot {
  if (options.library) {
    const checked = librarySnapshot.safeParse(options.library)
    if (!checked.success) throw new TypeError(`invalid library: ${formatIssues(checked.error.issues, 'library')}`)
    return checked.data as LibrarySnapshot
  }
  const now = options.now === undefined ? new Date() : new Date(options.now)
  return demoLibrary({ seed: options.seed ?? 1, sessions: options.sessions ?? 24, now })
}

/**
 * Creates the mock: MSW handlers for the whole API (SPEC §4, DECISIONS D1–D18) backed by an
 * in-memory library, plus the controls. Browser-safe: use it with `setupServer` (Node) or
 * `setupWorker` (browser). Two handlers only — one for `/api/v1/*` that dispatches with the
 * contract's `matchOperation`, one for the `/__mock/*` control surface — so `server.use(...)` can
 * still override any single endpoint (it prepends).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node'
 * import { createMockApi } from '@session-library/mock-server'
 *
 * const api = createMockApi({ token: 'test-token', sessions: 5, now: '2026-11-21T10:00:00.000Z' })
 * const server = setupServer(...api.handlers)
 * server.listen({ onUnhandledFrame: 'error' }) // msw 2: onUnhandledRequest
 * api.injectFault({ status: 503, retryAfter: 1, operation: 'sessions.list' })
 * ```
 */
export function createMockApi(options: MockOptions = {}): MockApi {
  return mockApiFrom(options, startingLibrary(options)).api
}

/** The running library as the standalone server's `--data` store needs it. */
export interface LiveLibrary {
  /** The whole library, its records shared (they never change in place). */
  image(): LibrarySnapshot
  /** Runs work under the mock's mutex: no change happens meanwhile. */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Under the mutex: applies a change that undoes one the store could not make durable (D19). */
  restore(change: LibraryChange): void
  /** Reports a failure outside any request (a fold that failed) as health's `lastError` (D19). */
  reportError(message: string): void
}

/**
 * {@link createMockApi} over a starting library already checked against the contract (the
 * standalone mock's `--data` file, checked once as it is read), plus the live library.
 */
export function mockApiFrom(options: MockOptions, initial: LibrarySnapshot): { api: MockApi; live: LiveLibrary } {
  const runtime = createRuntime(options, () => initial)
  let loaded = false
  runtime.ready.then(() => {
    loaded = true
  })
  const changed = () => runtime.changes.emit()
  const controls: MockControls = {
    token: runtime.token,
    setMode: (configured, effective) => {
      runtime.settings.setMode(configured, effective)
      changed()
    },
    setServiceAvailable: (service, available) => {
      if (available) runtime.settings.unavailable.delete(service)
      else runtime.settings.unavailable.add(service)
      changed()
    },
    setNow: (now) => {
      runtime.clock.set(now)
      changed()
    },
    now: () => runtime.clock.now(),
    setLatency: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) throw new TypeError(`invalid latency: ${ms}`)
      runtime.settings.latency = ms
      changed()
    },
    injectFault: (fault) => runtime.faults.add(fault),
    clearFaults: () => runtime.faults.clear(),
    reset: () => runtime.reset(),
    imports: () => runtime.imports.list(),
    journal: () => runtime.journal.entries(),
    departures: () => runtime.journal.departures(),
    recordAnswer: (answer) => recordTransportAnswer(answer, runtime),
    snapshot: () => (loaded ? runtime.library.snapshot() : structuredClone(initial)),
    idle: async () => {
      await runtime.ready
      await runtime.imports.idle()
      await runtime.mutex.run(() => undefined)
    },
    dispose: () => {
      runtime.imports.cancel()
      runtime.changes.emit('dispose')
    },
  }
  const control = createControlResolver(controls, runtime)
  const api = under(API_PREFIX)
  const controlSurface = under(CONTROL_PREFIX)
  const handlers = [
    http.all(api, ({ request }) => handleApiRequest(request, runtime)),
    http.all(controlSurface, ({ request }) => control(request)),
  ]
  // The same two routes for the standalone server without msw in between: msw matches a RegExp
  // against the URL's origin and path, so this does too.
  registerDirectResponder(handlers, (request) => {
    const target = `${request.url.origin}${request.url.pathname}`
    if (api.test(target)) {
      return answerApiRequest(request, runtime).then((answer) => (answer === 'dropped' ? Response.error() : answer))
    }
    return controlSurface.test(target) ? request.toRequest().then(control) : undefined
  })
  const live: LiveLibrary = {
    image: () => runtime.library.image(),
    exclusive: (work) => runtime.mutex.run(work),
    restore: (change) => {
      runtime.library.apply(change)
      // Put back, not changed: nothing of it is a change to persist.
      runtime.library.drainChange()
    },
    reportError: (message) => runtime.journal.noteError(message),
  }
  return { api: { ...controls, handlers }, live }
}
