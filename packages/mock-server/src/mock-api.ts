import { API_PREFIX, apiPath, DEFAULT_BASE_URL } from '@session-library/schemas'
// msw's main entry: msw 2's `msw/core/http` (lighter: no graphql-js) is gone in msw 3, and no
// other subpath exists in both majors.
import { http } from 'msw'
import { CONTROL_PREFIX, createControlResolver } from './control/routes.js'
import { demoLibrary } from './demo/library.js'
import { checkLatency, checkService, Runtime, type RuntimeOptions } from './engine/runtime.js'
import {
  type ApiAnswer,
  answer,
  asResponse,
  type RawStep,
  recordTransportAnswer,
  type TransportAnswer,
} from './http/answer.js'
import { createOverride, OverrideError, type OverrideResolver } from './http/override.js'
import { fetchRequestView, type RequestView } from './http/request-view.js'
import { isUnder } from './http/router.js'
import { explainUnhandled } from './http/unhandled.js'
import type { PendingImport } from './imports/runner.js'
import type { MockApi, MockControls } from './mock-controls.js'
import type { MockOptions } from './mock-options.js'
import type { RequestFilter } from './runtime/journal.js'
import { checkOperation } from './runtime/operation-names.js'
import { type VerifyPattern, verifyRequests } from './runtime/verify.js'
import { liveStore } from './store/library.js'
import type { LibraryChange, LibrarySnapshot } from './store/records.js'
import { checkLibrary } from './store/records.js'
import { recordFrom } from './store/sessions.js'

/** The base URLs a mock answers by default: the SDK's default and, in a browser, the page's own origin. */
function defaultBaseUrls(): string[] {
  const page = (globalThis as { location?: { origin?: string } }).location?.origin
  const own = page && /^https?:/.test(page) ? [`${page}${API_PREFIX}`] : []
  return [...new Set([DEFAULT_BASE_URL, ...own])]
}

/**
 * The library a mock starts from: the one given, checked, or the demo library, not checked again (a
 * test checks it against the contract): at 100,000 sessions a check costs half a second.
 */
export function startingLibrary(options: MockOptions): LibrarySnapshot {
  if (options.library) return checkLibrary(options.library)
  const now = options.now === undefined ? new Date() : new Date(options.now)
  return demoLibrary({ seed: options.seed ?? 1, sessions: options.sessions ?? 24, now })
}

/**
 * Creates the mock: MSW handlers for the whole API (SPEC §4, DECISIONS D1–D18) backed by an
 * in-memory library, plus the controls. Browser-safe: use it with `setupServer` (Node) or
 * `setupWorker` (browser). Two handlers only — one for `/api/v1/*` under each base URL, into the
 * one request path, one for the `/__mock/*` control surface — so `server.use(api.override(…))`
 * can still answer any single endpoint (it prepends), and any other URL is left to msw. Options are
 * checked first: a bad one is a TypeError naming it.
 *
 * @example
 * ```ts
 * const api = createMockApi({ token: 'test-token', sessions: 5, now: '2026-11-21T10:00:00.000Z' })
 * setupServer(...api.handlers).listen({ onUnhandledFrame: 'error' }) // msw 2: onUnhandledRequest
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
  /** Goes on with the imports a restart interrupted (D15 with D19). */
  resumeImports(pending: readonly PendingImport[]): void
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
    requests: ((filter?: RequestFilter) => {
      if (filter?.operation !== undefined) checkOperation(filter.operation)
      return runtime.journal.entries(filter)
    }) as MockControls['requests'],
    verify: (operation, pattern = {}) =>
      verifyRequests(checkOperation(operation), pattern as VerifyPattern, runtime.journal.entries()),
    error: (code, message) => new OverrideError(code, message),
    departures: () => runtime.journal.departures(),
    recordAnswer: (answered) => recordTransportAnswer(answered, runtime),
    snapshot: () => runtime.library.snapshot(),
    sessionRecord: (fields) =>
      recordFrom(fields, { id: () => runtime.library.newId('ses'), now: () => runtime.clock.iso() }),
    idle: async () => {
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
 * The origins a mock answers, from its `baseUrl` option: `'*'` for any, else each base URL's origin.
 * A base URL must be an absolute http(s) URL whose path is `/api/v1` (or empty), else a TypeError.
 */
function originsOf(baseUrls: readonly string[]): string[] | '*' {
  if (baseUrls.includes('*')) return '*'
  return baseUrls.map((baseUrl) => {
    let url: URL
    try {
      url = new URL(baseUrl)
    } catch {
      throw new TypeError(`invalid baseUrl: ${JSON.stringify(baseUrl)} is not an absolute URL`)
    }
    const path = url.pathname.replace(/\/+$/, '')
    if (!/^https?:$/.test(url.protocol) || (path !== '' && path !== API_PREFIX) || url.search || url.hash) {
      throw new TypeError(`invalid baseUrl: ${JSON.stringify(baseUrl)}; expected http(s)://host[:port]${API_PREFIX}`)
    }
    return url.origin
  })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The URLs under a prefix on the given origins, as msw matches them. No capture groups, so msw
 * decodes no parameters and a malformed `%` escape reaches the router (404) intact.
 */
function scopeOf(origins: string[] | '*', prefix: string): RegExp {
  const origin = origins === '*' ? '[^:/?#]+://[^/?#]+' : `(?:${origins.map(escapeRegExp).join('|')})`
  return new RegExp(`^${origin}${escapeRegExp(prefix)}(?:/.*)?$`)
}

/**
 * The mock without msw (the node:http transport's way in): the API through the one request path
 * (a proxy in the handler's place when given), the control surface; `record` journals (D17).
 */
export interface MockEntry {
  /** `proxy`, when given, answers the API in place of the mock, through the same request path. */
  answer(request: RequestView, proxy?: RawStep): Promise<ApiAnswer | Response> | undefined
  record(answer: TransportAnswer): void
}

/** {@link createMockApi} over a library checked already (`--data`), with the live library and the entry. */
export function mockApiFrom(
  options: RuntimeOptions,
  initial: LibrarySnapshot,
): { api: MockApi; live: LiveLibrary; entry: MockEntry } {
  const baseUrls = options.baseUrl === undefined ? defaultBaseUrls() : [options.baseUrl].flat()
  const origins = originsOf(baseUrls)
  const runtime = new Runtime(options, initial)
  const controls = controlsOf(runtime, origins === '*' ? DEFAULT_BASE_URL : `${origins[0]}${API_PREFIX}`)
  const control = createControlResolver(controls, runtime)
  const entry: MockEntry = {
    answer: (request, proxy) => {
      const path = request.url.pathname
      if (apiPath(path) !== undefined) return answer(request, runtime, proxy)
      return isUnder(path, CONTROL_PREFIX) ? request.toRequest().then(control) : undefined
    },
    record: (answered) => recordTransportAnswer(answered, runtime),
  }
  const scope = scopeOf(origins, API_PREFIX)
  const handlers = [
    http.all(scope, async ({ request }) => {
      return asResponse(await answer(fetchRequestView(request), runtime))
    }),
    http.all(scopeOf(origins, CONTROL_PREFIX), ({ request }) => control(request)),
  ]
  const live: LiveLibrary = {
    image: () => runtime.library.image(),
    exclusive: (work) => runtime.mutex.run(work),
    restore: (change) => {
      runtime.library.apply(change)
      // Put back, not changed: nothing of it is a change to persist.
      runtime.library.drainChange()
    },
    reportError: (message) => runtime.journal.noteError(message),
    resumeImports: (pending) => {
      for (const one of pending) runtime.imports.resume(one)
    },
  }
  const override: MockApi['override'] = (name, resolver, overrideOptions) =>
    createOverride(runtime, scope, name, resolver as OverrideResolver<typeof name>, overrideOptions)
  const named = origins === '*' ? [DEFAULT_BASE_URL] : origins.map((origin) => `${origin}${API_PREFIX}`)
  const onUnhandled = explainUnhandled(named)
  return { api: { ...controls, handlers, override, onUnhandled }, live, entry }
}
