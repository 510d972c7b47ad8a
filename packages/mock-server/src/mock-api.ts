import { API_PREFIX, DEFAULT_BASE_URL } from '@session-library/schemas'
// msw's main entry: msw 2's `msw/core/http` (lighter: no graphql-js) is gone in msw 3, and no
// other subpath exists in both majors.
import { http } from 'msw'
import { CONTROL_PREFIX, createControlResolver } from './control/routes.js'
import { demoLibrary } from './demo/library.js'
import { createRuntime, type Runtime } from './engine/runtime.js'
import { checkLatency, checkService } from './engine/settings.js'
import { registerDirectResponder } from './http/direct-dispatch.js'
import { createOverride, OverrideError } from './http/override.js'
import { answerApiRequest, handleApiRequest, recordTransportAnswer } from './http/pipeline.js'
import { originsOf, under } from './http/url-pattern.js'
import type { MockApi, MockControls } from './mock-controls.js'
import type { MockOptions } from './mock-options.js'
import type { RequestFilter } from './runtime/journal-query.js'
import { checkLibrary } from './store/check-library.js'
import type { LibraryChange } from './store/library-parts.js'
import { liveStore } from './store/live-store.js'
import type { LibrarySnapshot } from './store/records.js'

/**
 * The base URLs a mock answers by default: the SDK's default and, in a browser, the page's own
 * origin (a page calls its own `/api/v1`).
 *
 * @example
 * ```ts
 * defaultBaseUrls() // ['http://127.0.0.1:4777/api/v1'] in Node
 * ```
 */
export function defaultBaseUrls(): string[] {
  const page = (globalThis as { location?: { origin?: string } }).location?.origin
  const own = page && /^https?:/.test(page) ? [`${page}${API_PREFIX}`] : []
  return [...new Set([DEFAULT_BASE_URL, ...own])]
}

/**
 * The library a mock starts from: the one given, checked (a TypeError names each bad record and
 * field, and each id held twice), or the demo library, which the mock generates itself and does
 * not check again (a test checks it against the contract): at 100,000 sessions a check costs half
 * a second.
 */
export function startingLibrary(options: MockOptions): LibrarySnapshot {
  if (options.library) return checkLibrary(options.library)
  const now = options.now === undefined ? new Date() : new Date(options.now)
  return demoLibrary({ seed: options.seed ?? 1, sessions: options.sessions ?? 24, now })
}

/**
 * Creates the mock: MSW handlers for the whole API (SPEC §4, DECISIONS D1–D18) backed by an
 * in-memory library, plus the controls. Browser-safe: use it with `setupServer` (Node) or
 * `setupWorker` (browser). Two handlers only — one for `/api/v1/*` under each base URL that
 * dispatches with the contract's `matchOperation`, one for the `/__mock/*` control surface on the
 * same origins — so `server.use(...)` can still override any single endpoint (it prepends), and any
 * other URL is left to msw. Options are checked first: a bad one is a TypeError naming it.
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

function controlsOf(runtime: Runtime, baseUrl: string): MockControls {
  const changed = () => runtime.changes.emit()
  return {
    token: runtime.token,
    baseUrl,
    setMode: (configured, effective) => {
      runtime.settings.setMode(configured, effective)
      changed()
    },
    setServiceAvailable: (service, available) => {
      if (available) runtime.settings.unavailable.delete(checkService(service))
      else runtime.settings.unavailable.add(checkService(service))
      changed()
    },
    setNow: (now) => {
      runtime.clock.set(now)
      changed()
    },
    now: () => runtime.clock.now(),
    setLatency: (ms) => {
      runtime.settings.latency = checkLatency(ms)
      changed()
    },
    injectFault: (fault) => runtime.faults.add(fault),
    clearFaults: () => runtime.faults.clear(),
    faults: () => runtime.faults.list(),
    reset: (options = {}) => runtime.reset(options.library && checkLibrary(options.library)),
    seed: (library) => runtime.replaceLibrary(checkLibrary(library)),
    store: liveStore(() => runtime.library),
    imports: () => runtime.imports.list(),
    journal: () => runtime.journal.entries(),
    requests: ((filter?: RequestFilter) => runtime.journal.entries(filter)) as MockControls['requests'],
    error: (code, message) => new OverrideError(code, message),
    departures: () => runtime.journal.departures(),
    recordAnswer: (answer) => recordTransportAnswer(answer, runtime),
    snapshot: () => runtime.library.snapshot(),
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
}

/**
 * {@link createMockApi} over a starting library already checked against the contract (the
 * standalone mock's `--data` file, checked once as it is read), plus the live library.
 */
export function mockApiFrom(options: MockOptions, initial: LibrarySnapshot): { api: MockApi; live: LiveLibrary } {
  const baseUrls = options.baseUrl === undefined ? defaultBaseUrls() : [options.baseUrl].flat()
  const origins = originsOf(baseUrls)
  const runtime = createRuntime(options, () => initial)
  const controls = controlsOf(runtime, origins === '*' ? DEFAULT_BASE_URL : `${origins[0]}${API_PREFIX}`)
  const control = createControlResolver(controls, runtime)
  const api = under(API_PREFIX, origins)
  const controlSurface = under(CONTROL_PREFIX, origins)
  const handlers = [
    http.all(api, ({ request }) => handleApiRequest(request, runtime)),
    http.all(controlSurface, ({ request }) => control(request)),
  ]
  // The same two routes for the standalone server without msw in between: msw matches a RegExp
  // against the URL's origin and path, so this does too.
  registerDirectResponder(handlers, (request) => {
    const target = `${request.url.origin}${request.url.pathname}`
    if (api.test(target)) return answerApiRequest(request, runtime)
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
  const override: MockApi['override'] = (name, resolver, overrideOptions) =>
    createOverride(runtime, origins, name, resolver, overrideOptions)
  return { api: { ...controls, handlers, override }, live }
}
