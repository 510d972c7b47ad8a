import { API_PREFIX, apiPath, DEFAULT_BASE_URL } from '@session-library/schemas'
import { controlsOf } from './control/controls.js'
import { CONTROL_PREFIX, createControlResolver } from './control/routes.js'
import { answer, type RawStep, recordTransportAnswer, type TransportAnswer } from './http/answer.js'
import { isUnder, type RequestView } from './http/request-view.js'
import type { MockOptions } from './mock-options.js'
import type { PendingImport } from './runtime/imports.js'
import { Runtime, type RuntimeOptions } from './runtime/runtime.js'
import { demoLibrary } from './store/demo-library.js'
import type { LibraryChange, LibrarySnapshot } from './store/records.js'
import { checkLibrary } from './store/records.js'

/** The origin of the page it runs in (a browser's, a DOM test environment's), if any. */
export const pageOrigin = () => (globalThis as { location?: { origin?: string } }).location?.origin

function defaultBaseUrls(): string[] {
  const page = pageOrigin()
  const own = page && /^https?:/.test(page) ? [`${page}${API_PREFIX}`] : []
  return [...new Set([DEFAULT_BASE_URL, ...own])]
}

/** The library given, checked, or the demo library, not checked (a test does: at 100,000 sessions it costs 0.5 s). */
export function startingLibrary(options: MockOptions): LibrarySnapshot {
  if (options.library) return checkLibrary(options.library)
  const now = options.now === undefined ? new Date() : new Date(options.now)
  return demoLibrary({ seed: options.seed ?? 1, sessions: options.sessions ?? 24, now })
}

/** The running library as the standalone server's `--data` store needs it. */
export type LiveLibrary = ReturnType<typeof mockCoreFrom>['live']

/** The mock without msw (node:http's way in): `proxy` answers in the mock's place, `record` journals (D17). */
export type MockEntry = ReturnType<typeof mockCoreFrom>['entry']

/** The origins of the `baseUrl` option (`'*'` for any); a base URL that is no http(s) `…/api/v1` is a TypeError. */
function originsOf(baseUrls: readonly string[]): string[] | '*' {
  if (baseUrls.includes('*')) return '*'
  return baseUrls.map((baseUrl) => {
    if (!URL.canParse(baseUrl))
      throw new TypeError(`invalid baseUrl: ${JSON.stringify(baseUrl)} is not an absolute URL`)
    const url = new URL(baseUrl)
    const path = url.pathname.replace(/\/+$/, '')
    if (!/^https?:$/.test(url.protocol) || (path !== '' && path !== API_PREFIX) || url.search || url.hash) {
      throw new TypeError(`invalid baseUrl: ${JSON.stringify(baseUrl)}; expected http(s)://host[:port]${API_PREFIX}`)
    }
    return url.origin
  })
}

/** The mock without msw over a checked library: what `createMockApi` and the standalone server (no msw loaded) run. */
export function mockCoreFrom(options: RuntimeOptions, initial: LibrarySnapshot) {
  const origins = originsOf(options.baseUrl === undefined ? defaultBaseUrls() : [options.baseUrl].flat())
  const baseUrls = origins === '*' ? [DEFAULT_BASE_URL] : origins.map((origin) => `${origin}${API_PREFIX}`)
  const runtime = new Runtime(options, initial)
  const controls = controlsOf(runtime, baseUrls[0] as string)
  const control = createControlResolver(runtime)
  const entry = {
    answer: (request: RequestView, proxy?: RawStep) => {
      const path = request.url.pathname
      if (apiPath(path) !== undefined) return answer(request, runtime, proxy)
      return isUnder(path, CONTROL_PREFIX) ? request.toRequest().then(control) : undefined
    },
    record: (answered: TransportAnswer) => recordTransportAnswer(answered, runtime),
  }
  const live = {
    image: () => runtime.library.image(),
    exclusive: <T>(work: () => Promise<T>) => runtime.mutex.run(work),
    // Under the mutex: undoes a change the store could not make durable (D19).
    restore: (change: LibraryChange) => {
      runtime.library.apply(change)
      runtime.library.drainChange()
    },
    // A failure outside any request, as health's `lastError` (D19).
    reportError: (message: string) => runtime.journal.noteError(message),
    // Goes on with the imports a restart interrupted (D15 with D19).
    resumeImports: (pending: readonly PendingImport[]) => {
      for (const one of pending) runtime.imports.resume(one)
    },
  }
  return { controls, live, entry, runtime, origins, baseUrls, control }
}
