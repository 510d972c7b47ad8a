import {
  apiPath,
  type Departure,
  endpoints,
  isRecord,
  NOT_FOUND_MESSAGES,
  type Operation,
  type OperationName,
} from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import { operationHandlers } from '../handlers/index.js'
import { Superseded } from '../primitives/errors.js'
import { sleep } from '../primitives/mutex.js'
import type { Fault } from '../runtime/faults.js'
import { JsonValue } from '../runtime/journal-bodies.js'
import { operationAt, routeAt } from '../runtime/operation-names.js'
import type { Runtime } from '../runtime/runtime.js'
import { sessionJson } from '../store/sessions.js'
import { ApiError, asApiError, errorText, isAnswer, jsonText, type PlainAnswer, toResponse } from './api-error.js'
import { authorized, unauthorized } from './auth.js'
import type { OverrideCheck } from './override.js'
import { forcedError, serviceError, statusError } from './prefer.js'
import { type RequestView, readInput, targetUrl, UnreadableBody } from './request-view.js'

/** What the request path answers: a {@link PlainAnswer}, or a dropped connection (a network fault). */
export type ApiAnswer = PlainAnswer | 'dropped'

/** A request that passed every check of D3 before the handler step. */
export interface Admitted {
  readonly request: RequestView
  readonly operation: Operation
  readonly params: Record<string, string>
  readonly query: unknown
  readonly body: unknown
  readonly runtime: Runtime
  readonly generation: number
}

/** What became of a request, as the journal records it. */
export interface Outcome {
  /** A `Response` only from a {@link RawStep} (the proxy). */
  answer: ApiAnswer | Response
  operation?: OperationName
  code?: string
  message?: string
  /** What health's `lastError` says about a 5xx (D17). */
  errorMessage?: string
  body?: Uint8Array
  departures?: readonly Departure[]
  /** Answered as `Prefer: code=<status>` asked (D21). */
  forced?: true
  /** Shown instead of the request's path and query, headers and bodies left out (the proxy's, masked). */
  target?: { path: string; query: string }
}

/** A step that takes the request as it comes, only the body limit before it: the proxy. */
export type RawStep = (request: RequestView, body: Uint8Array) => Promise<Outcome>

/** The handler step: the mock's own, or an override's (which may `bypass` checks). */
interface Step {
  answer(admitted: Admitted): Promise<Outcome>
  bypass?: readonly OverrideCheck[]
}

function handle({ operation, params, query, body, request, runtime, generation }: Admitted) {
  const handler = operationHandlers[operation.name as OperationName] as (context: unknown) => JsonBodyType
  // Serialized before the mutex is released: handlers answer with stored records, not copies.
  const answered = (value: JsonBodyType) => {
    const kept = keptJson(value)
    if (runtime.generation !== generation) throw new Superseded()
    const plain = jsonText(operation.status, kept ?? JSON.stringify(value))
    if (kept !== undefined) plain.source = new JsonValue(value)
    return plain
  }
  return runtime.runChange(() => {
    // A request that began before a reset writes nothing to the library that replaced its own.
    if (runtime.generation !== generation) throw new Superseded()
    const handled = handler({ params, query, body, url: request.url, runtime })
    // A synchronous handler (every read) stays synchronous: no promise made only to be awaited.
    return handled instanceof Promise ? handled.then(answered) : answered(handled)
  })
}

/** The mock's own step: the operation's handler as a change (D19), what it threw answered as the API does. */
export const ownStep: Step = {
  answer: async (admitted) => {
    const operation = admitted.operation.name as OperationName
    try {
      return { answer: await handle(admitted), operation }
    } catch (caught) {
      return failed(caught, admitted.runtime, operation)
    }
  },
}

/** An injected fault after its latency: a dropped connection, its status and body, or nothing (a delay). */
async function faultAnswer(fault: Fault, operation: OperationName): Promise<Outcome | undefined> {
  await sleep(fault.latency ?? 0)
  if (fault.network) return { answer: 'dropped', operation }
  if (fault.status === undefined) return undefined
  const { code, message } = statusError(fault.status, endpoints[operation] as Operation)
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': `${fault.retryAfter}` }
  const answer =
    fault.body === undefined
      ? errorText({ status: fault.status, code, message, headers })
      : jsonText(fault.status, JSON.stringify(fault.body), headers)
  // A body of the fault's own says its own message (D17).
  const own = (fault.body as { error?: { message?: unknown } } | undefined)?.error?.message
  return { answer, operation, code, message, errorMessage: typeof own === 'string' ? own : message }
}

/** The outcome of what was thrown: its envelope, and the exception's message for `lastError` (D17). */
export function failed(
  caught: unknown,
  runtime: Runtime,
  operation?: OperationName,
): Outcome & { answer: PlainAnswer; errorMessage: string } {
  const error = asApiError(caught, runtime.mask)
  const internal = isAnswer(caught) ? undefined : caught instanceof Error ? caught.message : String(caught)
  const { code, message } = error
  return { answer: errorText(error), operation, code, message, errorMessage: internal ?? message }
}

/**
 * D3's order, for every way in: auth → body size (413) → route (404) → `Prefer: code=` (D21) → fault →
 * mode (403) → service (501) → query and body (400) → the handler step (its 404s and late 400s, `onChange`).
 * A {@link RawStep} has the body limit alone before it.
 */
async function outcomeOf(request: RequestView, runtime: Runtime, generation: number, step: Step | RawStep = ownStep) {
  const raw = typeof step === 'function' ? step : undefined
  const skips = (check: OverrideCheck) => (step as Step).bypass?.includes(check) ?? false
  let operation: OperationName | undefined
  let body: Uint8Array | undefined
  try {
    if (raw) return await raw(request, await request.bytes())
    if (!skips('auth') && !authorized(request.header('authorization'), runtime.token)) throw unauthorized()
    body = await request.bytes()
    const match = routeAt(request.method, request.url.pathname)
    if (!match.operation) throw new ApiError('not_found', NOT_FOUND_MESSAGES.route)
    operation = match.operation.name as OperationName
    const forced = runtime.settings.prefer ? forcedError(request.header('prefer'), match.operation) : undefined
    // Changes nothing, health's lastError included.
    if (forced) return { ...failed(forced, runtime, operation), errorMessage: undefined, forced: true as const, body }
    // Reset while its body was read: a fault now is the next test's.
    if (runtime.generation !== generation) throw new Superseded()
    const fault = skips('fault') ? undefined : runtime.faults.take(operation)
    const injected = fault && (await faultAnswer(fault, operation))
    if (injected) return { ...injected, body }
    if (match.operation.writes && !skips('mode') && !runtime.settings.writable) throw new ApiError('read_only')
    const service = match.operation.service
    if (service && !skips('service') && runtime.settings.unavailable.has(service)) throw serviceError(service)
    const input = await readInput(match.operation, request)
    const admitted = { request, operation: match.operation, params: match.params, ...input, runtime, generation }
    return { ...(await (step as Step).answer(admitted)), body }
  } catch (caught) {
    // Nothing to answer or journal: the transport knows what became of the request.
    if (caught instanceof UnreadableBody) throw caught
    if (raw) return failed(caught, runtime)
    // A 401 comes before the route, but is journaled with the operation its route names.
    operation ??= operationAt(request.method, request.url.pathname)
    return { ...failed(caught, runtime, operation), body }
  }
}

/** The one request path: msw, the node:http transport, an override and the proxy answer through it, journaled once. */
export async function answer(request: RequestView, runtime: Runtime, step?: Step | RawStep) {
  const started = performance.now()
  const generation = runtime.generation
  const outcome: Outcome = await outcomeOf(request, runtime, generation, step)
  // Every await is a turn of the microtask queue: none where there is nothing to wait for.
  if (typeof step !== 'function' && runtime.settings.latency > 0) await sleep(runtime.settings.latency)
  if (runtime.generation !== generation) return outcome.answer
  const { answer: answered, operation, code, message, target, forced } = outcome
  const statusCode = answered === 'dropped' ? 0 : answered.status
  const { url } = request
  if (outcome.departures?.length) runtime.journal.recordDepartures(outcome.departures)
  runtime.journal.record({
    time: runtime.clock.time(),
    ms: Math.round(performance.now() - started),
    method: request.method,
    origin: url.origin,
    path: target?.path ?? url.pathname,
    query: target ? target.query : url.search.slice(1),
    operation,
    statusCode,
    code,
    message,
    forced,
    errorMessage: statusCode >= 500 ? outcome.errorMessage : undefined,
    headers: target ? undefined : request.headers,
    body: target ? undefined : outcome.body,
    answer:
      target || answered === 'dropped' || answered instanceof Response ? undefined : (answered.source ?? answered.text),
  })
  return answered
}

/** An answer as msw sends it: a dropped connection is `Response.error()`, its `cause` a reset connection's error. */
export const asResponse = (answered: ApiAnswer | Response): Response =>
  answered === 'dropped' ? droppedConnection() : answered instanceof Response ? answered : toResponse(answered)

function droppedConnection(): Response {
  const cause = Object.assign(new Error('ECONNRESET: the mock dropped the connection (an injected network fault)'), {
    code: 'ECONNRESET',
  })
  return Object.assign(Response.error(), { cause })
}

/** A request that a transport answered itself (see `MockApi.recordAnswer`). */
export interface TransportAnswer {
  method: string
  /** The request target as sent, e.g. `/api/v1/sessions?limit=5`. */
  target: string
  /** Scheme, host and port it was sent to, when the transport knows them. */
  origin?: string
  statusCode: number
  code?: string
  operation?: OperationName
  departures?: Departure[]
}

/** Journals a transport's own answer under /api/v1 (D17: every answered request counts); others are ignored. */
export function recordTransportAnswer(answer: TransportAnswer, runtime: Runtime): void {
  const href = targetUrl('http://localhost', answer.target)
  const url = URL.canParse(href) ? new URL(href) : undefined
  if (url === undefined || apiPath(url.pathname) === undefined) return
  const { operation, statusCode, code, departures } = answer
  runtime.journal.record({
    time: runtime.clock.time(),
    ms: 0,
    method: answer.method,
    origin: answer.origin ?? '',
    path: url.pathname,
    query: url.search.slice(1),
    ...(operation && { operation }),
    statusCode,
    ...(code && { code }),
  })
  if (departures?.length) runtime.journal.recordDepartures(departures)
}

function listJson(items: readonly unknown[]): string | undefined {
  const parts = items.map(sessionJson)
  return parts.includes(undefined) ? undefined : `[${parts.join(',')}]`
}

/** `JSON.stringify` of an answer of stored sessions, from each one's kept JSON; `undefined` for any other answer. */
export function keptJson(answer: JsonBodyType): string | undefined {
  if (!isRecord(answer)) return undefined
  const keys = Object.keys(answer)
  const withMeta = keys.length === 2 && keys[1] === 'meta' && answer.meta !== undefined
  if (keys[0] !== 'data' || (keys.length !== 1 && !withMeta)) return undefined
  const { data } = answer
  const json = Array.isArray(data) ? data.length > 0 && listJson(data) : sessionJson(data)
  if (!json) return undefined
  return withMeta ? `{"data":${json},"meta":${JSON.stringify(answer.meta)}}` : `{"data":${json}}`
}
