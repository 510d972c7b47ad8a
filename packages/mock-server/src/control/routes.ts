import { findRoute, lazy, MODES, NOT_FOUND_MESSAGES, type RouteEntry, SERVICES } from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import * as z from 'zod/mini'
import { ApiError, asApiError, errorText, jsonText, toResponse } from '../http/api-error.js'
import { authorized, unauthorized } from '../http/auth.js'
import { checkBody } from '../http/request-view.js'
import type { MockControls } from '../mock-controls.js'
import { faultSchema, MAX_DELAY_MS, wholeNumber } from '../runtime/faults.js'
import type { Runtime } from '../runtime/runtime.js'
import { eventStream } from './events.js'

/** The path prefix of the control surface, outside the API's /api/v1. */
export const CONTROL_PREFIX = '/__mock'

type Answer = (request: Request) => JsonBodyType | Promise<JsonBodyType>
type ControlRoute = RouteEntry & { answer: Answer; status?: number | undefined }

const parsed = async <S extends z.ZodMiniType>(schema: S, request: Request): Promise<z.output<S>> =>
  checkBody(schema, new Uint8Array(await request.arrayBuffer())) as z.output<S>

/**
 * The control surface's table: the same controls as `MockApi`, over HTTP as JSON (the README's
 * table lists them). Every write tells the dashboard (some change settings directly).
 */
function controlRoutes(api: MockControls, runtime: Runtime): ControlRoute[] {
  const { settings, clock } = runtime
  const mode = () => ({ configuredMode: settings.configuredMode, effectiveMode: settings.effectiveMode })
  const services = () => ({ unavailable: [...settings.unavailable] })
  const time = () => ({ now: clock.iso(), fixed: clock.fixed })
  const route = (method: string, path: string, answer: Answer, status?: number) => ({ method, path, answer, status })
  return [
    route('GET', '/mode', mode),
    route('PUT', '/mode', async (request) => {
      const body = await parsed(controlBodies.mode, request)
      api.setMode(body.configuredMode, body.effectiveMode)
      return mode()
    }),
    route('GET', '/services', services),
    route('PUT', '/services', async (request) => {
      const body = await parsed(controlBodies.services, request)
      settings.unavailable.clear()
      for (const service of body.unavailable) settings.unavailable.add(service)
      return services()
    }),
    route(
      'POST',
      '/faults',
      async (request) => {
        api.injectFault(await parsed(faultSchema, request))
        return { pending: runtime.faults.size }
      },
      201,
    ),
    route('GET', '/faults', () => runtime.faults.list()),
    route('DELETE', '/faults', () => {
      api.clearFaults()
      return { pending: 0 }
    }),
    route('POST', '/reset', async () => {
      await api.reset()
      return { reset: true }
    }),
    route('GET', '/imports', () => api.imports()),
    route('GET', '/journal', () => api.journal()),
    route('GET', '/departures', () => api.departures()),
    route('GET', '/snapshot', () => api.snapshot()),
    route('GET', '/clock', time),
    route('PUT', '/clock', async (request) => {
      api.setNow((await parsed(controlBodies.clock, request)).now ?? undefined)
      return time()
    }),
    route('PUT', '/latency', async (request) => {
      const { ms } = await parsed(controlBodies.latency, request)
      api.setLatency(ms)
      return { ms }
    }),
  ]
}

/**
 * The control surface: the mock's token, `{data}` or the API's envelope (401, 404, 400 naming the
 * field). Not journaled, no faults, latency or mode. `GET /events`: the dashboard's events.
 */
export function createControlResolver(api: MockControls, runtime: Runtime): (request: Request) => Promise<Response> {
  const table = controlRoutes(api, runtime)
  return async (request) => {
    try {
      if (!authorized(request.headers.get('authorization'), runtime.token)) throw unauthorized()
      const path = new URL(request.url).pathname.slice(CONTROL_PREFIX.length)
      if (request.method.toUpperCase() === 'GET' && path === '/events') return eventStream(runtime)
      const found = findRoute(table, request.method, path)
      if (!found.route) throw new ApiError('not_found', NOT_FOUND_MESSAGES.route)
      const data = await found.route.answer(request)
      if (found.route.method !== 'GET') runtime.changes.emit()
      return toResponse(jsonText(found.route.status ?? 200, JSON.stringify({ data })))
    } catch (caught) {
      const refused = caught instanceof TypeError ? new ApiError('invalid_json', caught.message) : caught
      return toResponse(errorText(asApiError(refused, runtime.mask)))
    }
  }
}

/** Bodies of the control surface's writes (`/__mock/*`), exact like the API's. */
const controlBodies = {
  mode: lazy(() => z.strictObject({ configuredMode: z.enum(MODES), effectiveMode: z.optional(z.enum(MODES)) })),
  services: lazy(() => z.strictObject({ unavailable: z.array(z.enum(SERVICES)) })),
  clock: lazy(() => z.strictObject({ now: z.nullable(z.iso.datetime({ offset: true })) })),
  latency: lazy(() => z.strictObject({ ms: wholeNumber(0, MAX_DELAY_MS, 'ms') })),
}
