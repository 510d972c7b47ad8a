import { findRoute, NOT_FOUND_MESSAGES, type RouteEntry } from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import { failed } from '../http/answer.js'
import { ApiError, jsonText, toResponse } from '../http/api-error.js'
import { authorized, unauthorized } from '../http/auth.js'
import { checkBody } from '../http/request-view.js'
import type { Runtime } from '../runtime/runtime.js'
import { controlEntries, perform } from './controls.js'
import { eventStream } from './events.js'

/** The path prefix of the control surface, outside the API's /api/v1. */
export const CONTROL_PREFIX = '/__mock'

type ControlRoute = RouteEntry & { answer: (request: Request) => Promise<JsonBodyType>; status: number }

function controlRoutes(runtime: Runtime): ControlRoute[] {
  return controlEntries.flatMap(([, control]) => {
    const { route } = control
    if (route === undefined) return []
    const { method, path, body, answer, readable, status = 200 } = route
    const run = async (request: Request) => {
      const calls = body
        ? body.calls(checkBody(body.schema, new Uint8Array(await request.arrayBuffer())) as never)
        : [[]]
      const results = await Promise.all(calls.map((args) => perform(control, runtime, args)))
      return answer ? answer(runtime) : (results[0] as JsonBodyType)
    }
    const read = async () => (answer as (runtime: Runtime) => JsonBodyType)(runtime)
    return [
      { method, path, answer: run, status },
      ...(readable ? [{ method: 'GET', path, answer: read, status: 200 }] : []),
    ]
  })
}

/** The control surface: the mock's token, `{data}` or the API's envelope; not journaled, no faults, latency or mode. */
export function createControlResolver(runtime: Runtime): (request: Request) => Promise<Response> {
  const table = controlRoutes(runtime)
  return async (request) => {
    try {
      if (!authorized(request.headers.get('authorization'), runtime.token)) throw unauthorized()
      const path = new URL(request.url).pathname.slice(CONTROL_PREFIX.length)
      if (request.method.toUpperCase() === 'GET' && path === '/events') return eventStream(runtime)
      const found = findRoute(table, request.method, path)
      if (!found.route) throw new ApiError('not_found', NOT_FOUND_MESSAGES.route)
      const data = await found.route.answer(request)
      return toResponse(jsonText(found.route.status, JSON.stringify({ data })))
    } catch (caught) {
      const refused = caught instanceof TypeError ? new ApiError('invalid_json', caught.message) : caught
      const { answer, errorMessage } = failed(refused, runtime)
      // Not journaled, but a failed write (a reset the disk refused) is health's lastError as an API 5xx is.
      if (answer.status >= 500) runtime.journal.noteError(errorMessage)
      return toResponse(answer)
    }
  }
}
