import { API_PREFIX } from '@session-library/schemas'
// msw's main entry: msw 2's `msw/core/http` (lighter: no graphql-js) is gone in msw 3, and no
// other subpath exists in both majors.
import { http } from 'msw'
import { CONTROL_PREFIX } from './control/routes.js'
import { answer, asResponse } from './http/answer.js'
import { createOverride, type OverrideResolver } from './http/override.js'
import { fetchRequestView } from './http/request-view.js'
import { explainUnhandled } from './http/unhandled.js'
import type { MockApi } from './mock-controls.js'
import { mockCoreFrom, startingLibrary } from './mock-core.js'
import type { MockOptions } from './mock-options.js'

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The URLs under a prefix on the given origins, as msw matches them. No capture groups, so msw
 * decodes no parameters and a malformed `%` escape reaches the router (404) intact.
 */
function scopeOf(origins: string[] | '*', prefix: string): RegExp {
  const origin = origins === '*' ? '[^:/?#]+://[^/?#]+' : `(?:${origins.map(escapeRegExp).join('|')})`
  return new RegExp(`^${origin}${escapeRegExp(prefix)}(?:/.*)?$`)
}
