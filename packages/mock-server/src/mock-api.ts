import { API_PREFIX, escapeRegExp } from '@session-library/schemas'
// msw's main entry: msw 2's `msw/core/http` (lighter: no graphql-js) is gone in msw 3, and no
// other subpath exists in both majors.
import { http, type RequestHandler } from 'msw'
import { CONTROL_PREFIX } from './control/routes.js'
import { answer, asResponse } from './http/answer.js'
import { errorResponse } from './http/api-error.js'
import { corsPolicy } from './http/cors.js'
import { createOverride, type OverrideResolver } from './http/override.js'
import { fetchRequestView } from './http/request-view.js'
import { explainUnhandled } from './http/unhandled.js'
import type { MockApi } from './mock-controls.js'
import { mockCoreFrom, pageOrigin, startingLibrary } from './mock-core.js'
import type { MockOptions } from './mock-options.js'

/** A mock this module made, by origin: what `ownMock`'s one handler answers and what tells a shadowed mock. */
interface Made {
  name: string
  answer: (request: Request) => Promise<Response>
  /** Requests it answered through msw or `api.fetch`. */
  answered: number
  /** `answers` when it was made: another mock that answered since, on its origin, shadows it. */
  since: number
  warned: boolean
}
// Held weakly: a mock nobody disposed goes when its test drops it.
const made = new Map<string, Set<WeakRef<Made>>>()
const madeAt = (origin: string) => [...(made.get(origin) ?? [])].flatMap((ref) => ref.deref() ?? [])
let answers = 0
let mocksMade = 0

/** The mocks of `ownMock` (`http://mock-<n>.test`), answered by one handler that `server.resetHandlers()` keeps. */
const ownMocks = http.all(/^http:\/\/mock-\d+\.test\//, ({ request }) => {
  const [mock] = madeAt(new URL(request.url).origin)
  return mock?.answer(request) ?? errorResponse('not_found', `No mock answers ${request.url}: it was disposed.`)
})

/** Warns, once, when another mock answered on its origin since it was made and it answered nothing (one msw server, the first handlers win). */
function warnIfShadowed(mock: Made, origins: readonly string[]): void {
  if (mock.answered > 0 || mock.warned || answers === mock.since) return
  for (const origin of origins) {
    const other = madeAt(origin).find((each) => each !== mock && each.answered > 0)
    if (other === undefined) continue
    mock.warned = true
    console.warn(
      `[session-library mock] ${mock.name} answers nothing at ${origin}: ${other.name} answers it (their msw handlers are in one server and the first wins). ` +
        'Give one its own baseUrl, or use withMock() or ownMock() for a mock per test.',
    )
    return
  }
}

/**
 * Creates the mock: MSW handlers for the whole API (SPEC §4, D1–D21) over an in-memory library, plus
 * the controls and `fetch`, the same answers without msw. Browser-safe (`setupServer` or `setupWorker`).
 * `server.use(api.override(…))` can answer any endpoint. A bad option is a TypeError.
 *
 * @example
 * ```ts
 * const api = createMockApi({ token: 'test-token', sessions: 5, now: '2026-11-21T10:00:00.000Z' })
 * setupServer(...api.handlers).listen({ onUnhandledFrame: 'error' }) // msw 2: onUnhandledRequest
 * ```
 */
export function createMockApi(options: MockOptions = {}): MockApi {
  return mockOf(options, true)
}

function mockOf(options: MockOptions, shared: boolean): MockApi {
  const { controls, runtime, origins, baseUrls, control } = mockCoreFrom(options, startingLibrary(options))
  const scope = scopeOf(origins, API_PREFIX)
  const controlScope = scopeOf(origins, CONTROL_PREFIX)
  const cors = corsPolicy(options.cors ?? origins)
  const page = pageOrigin()
  const mock: Made = { name: `createMockApi #${++mocksMade}`, answer: own, answered: 0, since: answers, warned: false }
  const listed = origins === '*' || !shared ? [] : origins
  const ref = new WeakRef(mock)
  for (const origin of listed) made.set(origin, (made.get(origin) ?? new Set()).add(ref))

  async function answerApi(request: Request, overridden?: Response): Promise<Response> {
    mock.answered += 1
    answers += 1
    return overridden ?? asResponse(await answer(fetchRequestView(request), runtime))
  }
  // What msw asks: CORS (D18) around the API and the control surface. A DOM environment's preflight
  // reaches msw without its `Origin`: an OPTIONS (the API has none) is one, from the page's origin.
  async function own(request: Request): Promise<Response> {
    const apiRequest = scope.test(request.url)
    const preflight = request.method === 'OPTIONS' ? 'OPTIONS' : null
    const origin = request.headers.get('origin') ?? (preflight && page)
    if (!origin) return apiRequest ? answerApi(request) : control(request)
    const policy = cors({ origin, 'access-control-request-method': preflight }, request.method)
    const response = policy.preflight
      ? new Response(null, { status: 204 })
      : await (apiRequest ? answerApi(request) : control(request))
    if (response.type !== 'error')
      for (const [name, value] of Object.entries(policy.headers)) response.headers.set(name, value)
    return response
  }
  const handlers = [
    http.all(scope, ({ request }) => own(request)),
    http.all(controlScope, ({ request }) => own(request)),
    ownMocks,
  ]
  const fetch: MockApi['fetch'] = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init)
    request.signal.throwIfAborted()
    const apiRequest = scope.test(request.url)
    if (!apiRequest && !controlScope.test(request.url)) {
      throw new TypeError(`fetch failed: api.fetch answers only ${baseUrls.join(', ')}, not ${request.url}`)
    }
    // The overrides made, newest first: what `server.use` puts before the handlers under msw.
    let overridden: Response | undefined
    for (const override of apiRequest ? runtime.overrides : []) overridden ??= await override(request)
    const response = await (apiRequest ? answerApi(request, overridden) : control(request))
    if (response.type === 'error')
      throw new TypeError('fetch failed', { cause: (response as { cause?: unknown }).cause })
    return response
  }
  const override: MockApi['override'] = (name, resolver, overrideOptions) => {
    const overridden = createOverride(runtime, name, resolver as OverrideResolver<typeof name>, overrideOptions)
    runtime.overrides.unshift(overridden)
    return http.all(scope, ({ request }) => overridden(request))
  }
  // Each control first says whether this mock is shadowed; `dispose` forgets it.
  const checked = Object.fromEntries(
    Object.entries(controls).map(([name, value]) => {
      if (typeof value !== 'function') return [name, value]
      const run = value as (...args: unknown[]) => unknown
      const checkedRun = (...args: unknown[]) => {
        warnIfShadowed(mock, listed)
        return run(...args)
      }
      return [name, checkedRun]
    }),
  ) as typeof controls
  const dispose = () => {
    for (const origin of listed) made.get(origin)?.delete(ref)
    controls.dispose()
  }
  return { ...checked, dispose, handlers, fetch, override, onUnhandled: explainUnhandled(baseUrls) }
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
  /** The handlers in use (msw's `server.listHandlers`). */
  listHandlers?: () => readonly unknown[]
}

/**
 * A mock of its own for one test, on its own origin (`http://mock-<n>.test/api/v1`); the code under
 * test must use `api.baseUrl`. One handler of every mock answers all of them: a server set up with a
 * mock's handlers keeps it through `server.resetHandlers()`, else it is put first once.
 */
export function ownMock(server: MockServer, options: MockOptions = {}): MockApi {
  const api = mockOf({ baseUrl: `http://mock-${mocksMade + 1}.test/api/v1`, ...options }, true)
  if (options.baseUrl !== undefined) server.use(...api.handlers)
  else if (!server.listHandlers?.().includes(ownMocks)) server.use(ownMocks)
  return api
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
  return server.boundary((...args: Args) => {
    const api = mockOf(options, false)
    server.use(...api.handlers)
    return run(api, args)
  })
}
