import { API_PREFIX, apiPath, DEFAULT_BASE_URL } from '@session-library/schemas'
import { controlsOf } from './control/controls.js'
import { CONTROL_PREFIX, createControlResolver } from './control/routes.js'
import { type ApiAnswer, answer, type RawStep, recordTransportAnswer, type TransportAnswer } from './http/answer.js'
import { isUnder, type RequestView } from './http/request-view.js'
import type { MockOptions } from './mock-options.js'
import type { PendingImport } from './runtime/imports.js'
import { Runtime, type RuntimeOptions } from './runtime/runtime.js'
import { demoLibrary } from './store/demo-library.js'
import type { LibraryChange, LibrarySnapshot } from './store/records.js'
import { checkLibrary } from './store/records.js'

// The mock without msw: what the standalone server runs (its start then loads no msw, ~50 ms) and
// what createMockApi puts msw's handlers over.

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

/**
 * The mock without msw (the node:http transport's way in): the API through the one request path
 * (a proxy in the handler's place when given), the control surface; `record` journals (D17).
 */
export interface MockEntry {
  /** `proxy`, when given, answers the API in place of the mock, through the same request path. */
  answer(request: RequestView, proxy?: RawStep): Promise<ApiAnswer | Response> | undefined
  record(answer: TransportAnswer): void
}

/**
 * The mock's core over a library checked already: what {@link createMockApi}'s handlers and the
 * standalone server both run. `origins` are those it answers (`'*'` for any), `control` the control
 * surface (`/__mock/*`).
 */
export function mockCoreFrom(options: RuntimeOptions, initial: LibrarySnapshot) {
  const origins = originsOf(options.baseUrl === undefined ? defaultBaseUrls() : [options.baseUrl].flat())
  const baseUrls = origins === '*' ? [DEFAULT_BASE_URL] : origins.map((origin) => `${origin}${API_PREFIX}`)
  const runtime = new Runtime(options, initial)
  const controls = controlsOf(runtime, baseUrls[0] as string)
  const control = createControlResolver(runtime)
  const entry: MockEntry = {
    answer: (request, proxy) => {
      const path = request.url.pathname
      if (apiPath(path) !== undefined) return answer(request, runtime, proxy)
      return isUnder(path, CONTROL_PREFIX) ? request.toRequest().then(control) : undefined
    },
    record: (answered) => recordTransportAnswer(answered, runtime),
  }
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
  return { controls, live, entry, runtime, origins, baseUrls, control }
}
