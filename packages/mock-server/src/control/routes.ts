import { formatIssues, NOT_FOUND_MESSAGES, type z } from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import type { Runtime } from '../engine/runtime.js'
import { ApiError, withoutToken } from '../http/api-error.js'
import { authorized, unauthorized } from '../http/auth.js'
import { errorAnswer, jsonAnswer } from '../http/respond.js'
import type { MockControls } from '../mock-controls.js'
import { faultSchema } from '../runtime/faults.js'
import { eventStream } from './events.js'
import { controlBodies } from './schemas.js'

/**
 * The path prefix of the control surface, outside the API's /api/v1.
 *
 * @example
 * ```ts
 * import { CONTROL_PREFIX } from '@session-library/mock-server'
 * await fetch(`http://127.0.0.1:4777${CONTROL_PREFIX}/reset`, { method: 'POST', headers: { Authorization: 'Bearer secret' } })
 * ```
 */
export const CONTROL_PREFIX = '/__mock'

async function parsed<S extends z.ZodMiniType>(schema: S, request: Request): Promise<z.output<S>> {
  let json: unknown
  try {
    json = JSON.parse(await request.text())
  } catch {
    throw new ApiError('invalid_json')
  }
  const result = schema.safeParse(json)
  if (!result.success) throw new ApiError('invalid_json', formatIssues(result.error.issues))
  return result.data
}

// A control given a value it refuses (a TypeError of the controls) is a 400 naming the field.
const controlError = (caught: unknown) =>
  caught instanceof ApiError
    ? caught
    : caught instanceof TypeError
      ? new ApiError('invalid_json', caught.message)
      : new ApiError('internal_error')

/** The dashboard's server-sent events, under the prefix. */
const EVENTS_PATH = '/events'

type Route = (request: Request) => JsonBodyType | Promise<JsonBodyType>

function routes(api: MockControls, runtime: Runtime): Record<string, Route> {
  const { settings, clock } = runtime
  const mode = () => ({ configuredMode: settings.configuredMode, effectiveMode: settings.effectiveMode })
  const services = () => ({ unavailable: [...settings.unavailable] })
  const time = () => ({ now: clock.iso(), fixed: clock.fixed })
  return {
    'GET /mode': mode,
    'PUT /mode': async (request) => {
      const body = await parsed(controlBodies.mode, request)
      api.setMode(body.configuredMode, body.effectiveMode)
      return mode()
    },
    'GET /services': services,
    'PUT /services': async (request) => {
      const body = await parsed(controlBodies.services, request)
      settings.unavailable.clear()
      for (const service of body.unavailable) settings.unavailable.add(service)
      return services()
    },
    'POST /faults': async (request) => {
      api.injectFault(await parsed(faultSchema, request))
      return { pending: runtime.faults.size }
    },
    'GET /faults': () => runtime.faults.list(),
    'DELETE /faults': () => {
      api.clearFaults()
      return { pending: 0 }
    },
    'POST /reset': async () => {
      await api.reset()
      return { reset: true }
    },
    'GET /imports': () => api.imports(),
    'GET /journal': () => api.journal(),
    'GET /departures': () => api.departures(),
    'GET /snapshot': () => api.snapshot(),
    'GET /clock': time,
    'PUT /clock': async (request) => {
      api.setNow((await parsed(controlBodies.clock, request)).now ?? undefined)
      return time()
    },
    'PUT /latency': async (request) => {
      const { ms } = await parsed(controlBodies.latency, request)
      api.setLatency(ms)
      return { ms }
    },
  }
}

/**
 * The control surface: the same controls as `MockApi`, over HTTP as JSON, guarded by the same
 * token, answering `{data}` or the API's error envelope. Not journaled, not counted by health, not
 * subject to faults, latency or the mode.
 *
 * | Method and path          | Body                                             | `data` of the answer                 |
 * |--------------------------|--------------------------------------------------|--------------------------------------|
 * | GET /__mock/mode         |                                                  | `{configuredMode, effectiveMode}`    |
 * | PUT /__mock/mode         | `{configuredMode, effectiveMode?}`               | `{configuredMode, effectiveMode}`    |
 * | GET /__mock/services     |                                                  | `{unavailable: Service[]}`           |
 * | PUT /__mock/services     | `{unavailable: Service[]}` (all others available)| `{unavailable}`                      |
 * | POST /__mock/faults      | a `Fault`: `{status?, network?, latency?, retryAfter?, count?, operation?}` | `{pending}` (201) |
 * | GET /__mock/faults       |                                                  | pending faults, each with `remaining` |
 * | DELETE /__mock/faults    |                                                  | `{pending: 0}`                       |
 * | POST /__mock/reset       |                                                  | `{reset: true}`                      |
 * | GET /__mock/imports      |                                                  | `ImportProgress[]`, oldest first     |
 * | GET /__mock/journal      |                                                  | `JournalEntry[]`, oldest first       |
 * | GET /__mock/departures   |                                                  | `Departure[]` (`--proxy`), oldest first |
 * | GET /__mock/snapshot     |                                                  | `LibrarySnapshot`                    |
 * | GET /__mock/clock        |                                                  | `{now, fixed}`                       |
 * | PUT /__mock/clock        | `{now: ISO 8601 string or null}` (null: real clock) | `{now, fixed}`                    |
 * | PUT /__mock/latency      | `{ms}`                                           | `{ms}`                               |
 * | GET /__mock/events       |                                                  | `text/event-stream` (see `eventStream`) |
 *
 * Errors: 401 `unauthorized`, 404 `not_found` "route not found", 400 `invalid_json`.
 *
 * @example
 * ```ts
 * await fetch('http://127.0.0.1:4777/__mock/mode', {
 *   method: 'PUT',
 *   headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
 *   body: JSON.stringify({ configuredMode: 'read-only' }),
 * })
 * ```
 */
export function createControlResolver(api: MockControls, runtime: Runtime): (request: Request) => Promise<Response> {
  const table = routes(api, runtime)
  return async (request) => {
    try {
      if (!authorized(request.headers.get('authorization'), runtime.token)) throw unauthorized()
      const path = new URL(request.url).pathname.slice(CONTROL_PREFIX.length)
      const method = request.method.toUpperCase()
      if (method === 'GET' && path === EVENTS_PATH) return eventStream(runtime)
      const route = table[`${method} ${path}`]
      if (!route) throw new ApiError('not_found', NOT_FOUND_MESSAGES.route)
      const data = await route(request)
      // Some writes change settings directly (PUT /services): the dashboard hears of each.
      if (method !== 'GET') runtime.changes.emit()
      return jsonAnswer(method === 'POST' && path === '/faults' ? 201 : 200, { data })
    } catch (caught) {
      return errorAnswer(withoutToken(controlError(caught), runtime.mask))
    }
  }
}
