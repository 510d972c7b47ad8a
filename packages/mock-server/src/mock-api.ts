import { API_PREFIX, escapeRegExp } from '@session-library/schemas'
// msw's main entry: msw 2's `msw/core/http` (lighter: no graphql-js) is gone in msw 3, and no
// other subpath exists in both majors.
import { http, type RequestHandler } from 'msw'
import { CONTROL_PREFIX } from './control/routes.js'
import { answer, asResponse } from './http/answer.js'
import { createOverride, type OverrideResolver } from './http/override.js'
import { fetchRequestView } from './http/request-view.js'
import { explainUnhandled } from './http/unhandled.js'
import type { MockApi } from './mock-controls.js'
import { mockCoreFrom, startingLibrary } from './mock-core.js'
import type { MockOptions } from './mock-options.js'

/**
 * Creates the mock: MSW handlers for the whole API (SPEC §4, D1–D21) over an in-memory library, plus
 * the controls. Browser-safe (`setupServer` or `setupWorker`). Two handlers only, `/api/v1/*` and
 * `/__mock/*`, so `server.use(api.override(…))` can answer any endpoint. A bad option is a TypeError.
 *
 * @example
 * ```ts
 * const api = createMockApi({ token: 'test-token', sessions: 5, now: '2026-11-21T10:00:00.000Z' })
 * setupServer(...api.handlers).listen({ onUnhandledFrame: 'error' }) // msw 2: onUnhandledRequest
 * ```
 */
export function createMockApi(options: MockOptions = {}): MockApi {
  const { controls, runtime, origins, baseUrls, control } = mockCoreFrom(options, startingLibrary(options))
  const scope = scopeOf(origins, API_PREFIX)
  const handlers = [
    http.all(scope, async ({ request }) => asResponse(await answer(fetchRequestView(request), runtime))),
    http.all(scopeOf(origins, CONTROL_PREFIX), ({ request }) => control(request)),
  ]
  const override: MockApi['override'] = (name, resolver, overrideOptions) =>
    createOverride(http, runtime, scope, name, resolver as OverrideResolver<typeof name>, overrideOptions)
  return { ...controls, handlers, override, onUnhandled: explainUnhandled(baseUrls) }
}

/** The URLs under a prefix on the origins. No capture groups: a malformed `%` escape reaches the router (404) intact. */
function scopeOf(origins: string[] | '*', prefix: string): RegExp {
  const origin = origins === '*' ? '[^:/?#]+://[^/?#]+' : `(?:${origins.map(escapeRegExp).join('|')})`
  return new RegExp(`^${origin}${escapeRegExp(prefix)}(?:/.*)?$`)
}

/** What the helpers need of msw's `setupServer()` (or `setupWorker()`): `use`, and `boundary` where msw has it. */
export interface MockServer {
  /** Puts handlers first (msw's `server.use`). */
  use(...handlers: RequestHandler[]): void
  /** Scopes what `use` adds to a callback (msw's `server.boundary`). */
  boundary?: <Args extends unknown[], R>(callback: (...args: Args) => R) => (...args: Args) => R
}

let mocksMade = 0

function mockUsed(server: MockServer, options: MockOptions): MockApi {
  const api = createMockApi(options)
  server.use(...api.handlers)
  return api
}

/**
 * A mock of its own for one test, on its own origin (`http://mock-<n>.test/api/v1` unless given),
 * put first with `server.use`; the code under test must use `api.baseUrl`.
 */
export function ownMock(server: MockServer, options: MockOptions = {}): MockApi {
  mocksMade += 1
  return mockUsed(server, { baseUrl: `http://mock-${mocksMade}.test/api/v1`, ...options })
}

/**
 * Runs a test with a mock of its own, disposed at its end. Under msw's `server.boundary()` it answers
 * its usual base URLs for this test alone; without one (a browser) it is an {@link ownMock}.
 *
 * @example
 * ```ts
 * test.concurrent('tags a session', withMock(server, async (api) => {
 *   await new SessionLibrary({ token: api.token, baseUrl: api.baseUrl }).tags.replace('ses_1', ['a'])
 * }))
 * ```
 */
export function withMock<Args extends unknown[]>(
  server: MockServer,
  test: (api: MockApi, ...args: Args) => unknown,
  options: MockOptions = {},
): (...args: Args) => Promise<void> {
  const run = async (api: MockApi, args: Args) => {
    try {
      await test(api, ...args)
    } finally {
      api.dispose()
    }
  }
  if (server.boundary === undefined) return (...args) => run(ownMock(server, options), args)
  return server.boundary((...args: Args) => run(mockUsed(server, options), args))
}
