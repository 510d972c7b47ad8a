import {
  apiPath,
  type Departure,
  type ERRORS,
  endpoints,
  isRecord,
  NOT_FOUND_MESSAGES,
  type Operation,
  type OperationName,
  type Service,
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
import {
  ApiError,
  asApiError,
  errorText,
  faultError,
  isAnswer,
  jsonText,
  type PlainAnswer,
  toResponse,
} from './api-error.js'
import { authorized, unauthorized } from './auth.js'
import type { OverrideCheck } from './override.js'
import { type RequestView, readInput, targetUrl, UnreadableBody } from './request-view.js'

/** What the request path answers: a {@link PlainAnswer}, or a dropped connection (a network fault). */
export type ApiAnswer = PlainAnswer | 'dropped'

/** A request that passed every check of D3 before the handler step, its input validated. */
export interface Admitted {
  readonly request: RequestView
  readonly operation: Operation
  readonly params: Record<string, string>
  readonly query: unknown
  readonly body: unknown
  readonly runtime: Runtime
  /** The reset generation the request began in: a later one supersedes it. */
  readonly generation: number
}

/** What became of a request, as the journal records it. */
export interface Outcome {
  /** A `Response` only from a {@link RawStep}: the proxied server's answer, as it came. */
  answer: ApiAnswer | Response
  operation?: OperationName
  code?: string
  message?: string
  /** What health's `lastError` says about a 5xx (D17). */
  errorMessage?: string
  body?: Uint8Array
  /** Where the exchange departed from the contract (the proxy), for `MockApi.departures`. */
  departures?: readonly Departure[]
  /** Shown instead of the request's path and query, its headers and bodies left out (the proxy's, masked). */
  target?: { path: string; query: string }
}

/** A step that takes the request as it comes, only the body limit before it: the proxy (the server behind it checks). */
export type RawStep = (request: RequestView, body: Uint8Array) => Promise<Outcome>

/** The handler step: the mock's own, or an override's, which names the checks it skips in `bypass`. */
interface Step {
  answer(admitted: Admitted): Promise<Outcome>
  bypass?: readonly OverrideCheck[]
}

type ServiceCode = `${string}_unavailable` & keyof typeof ERRORS
const serviceCode = (service: Service) => `${service.replaceAll('-', '_')}_unavailable` as ServiceCode

/** The mock's own handler step: the operation's handler as a change of the runtime (`runChange`, D19). */
function handle({ operation, params, query, body, request, runtime, generation }: Admitted) {
  const handler = operationHandlers[operation.name as OperationName] as (context: unknown) => JsonBodyType
  // Serialized before the mutex is released, so that handlers answer with stored records as they
  // are, and no copy is made only to be serialized.
  const answered = (value: JsonBodyType) => {
    const kept = keptJson(value)
    if (runtime.generation !== generation) throw new Superseded()
    const plain = jsonText(operation.status, kept ?? JSON.stringify(value))
    // Made of stored sessions, which never change: the journal keeps the value, not the text.
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

/** The mock's own step, as an outcome: what it threw answered as the API answers it. */
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
  const { service } = endpoints[operation] as Operation
  // A 501 is the operation's own service's, as when the service is off.
  const { code, message } =
    fault.status === 501 && service ? new ApiError(serviceCode(service)) : faultError(fault.status)
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': `${fault.retryAfter}` }
  const answer =
    fault.body === undefined
      ? errorText({ status: fault.status, code, message, headers })
      : jsonText(fault.status, JSON.stringify(fault.body), headers)
  return { answer, operation, code, message, errorMessage: message }
}

/** The outcome of what was thrown: its envelope (a bug's the generic 500), the exception's message for `lastError`. */
export function failed(caught: unknown, runtime: Runtime, operation?: OperationName): Outcome {
  const error = asApiError(caught, runtime.mask)
  const internal = isAnswer(caught) ? undefined : caught instanceof Error ? caught.message : String(caught)
  const { code, message } = error
  return { answer: errorText(error), operation, code, message, errorMessage: internal ?? message }
}

/**
 * D3's order, for every way in: auth → body size (413) → route (404) → fault → mode (403) →
 * service (501) → query and body (400) → the handler step (its 404s and late 400s, `onChange`).
 */
async function outcomeOf(request: RequestView, runtime: Runtime, generation: number, step?: Step): Promise<Outcome> {
  const skips = (check: OverrideCheck) => step?.bypass?.includes(check) ?? false
  let operation: OperationName | undefined
  let body: Uint8Array | undefined
  try {
    if (!skips('auth') && !authorized(request.header('authorization'), runtime.token)) throw unauthorized()
    body = await request.bytes()
    const match = routeAt(request.method, request.url.pathname)
    if (!match.operation) throw new ApiError('not_found', NOT_FOUND_MESSAGES.route)
    operation = match.operation.name as OperationName
    // Reset while its body was read: a fault now is the next test's.
    if (runtime.generation !== generation) throw new Superseded()
    const fault = skips('fault') ? undefined : runtime.faults.take(operation)
    const injected = fault && (await faultAnswer(fault, operation))
    if (injected) return { ...injected, body }
    if (match.operation.writes && !skips('mode') && !runtime.settings.writable) throw new ApiError('read_only')
    const service = match.operation.service
    if (service && !skips('service') && runtime.settings.unavailable.has(service)) {
      throw new ApiError(serviceCode(service))
    }
    const input = await readInput(match.operation, request)
    const admitted = { request, operation: match.operation, params: match.params, ...input, runtime, generation }
    return { ...(await (step ?? ownStep).answer(admitted)), body }
  } catch (caught) {
    // Nothing to answer or journal: the transport knows what became of the request.
    if (caught instanceof UnreadableBody) throw caught
    // A 401 comes before the route, but is journaled with the operation its route names.
    operation ??= operationAt(request.method, request.url.pathname)
    return { ...failed(caught, runtime, operation), body }
  }
}

/**
 * The one request path of the API: every way in (msw, the node:http transport, an override or the
 * proxy with its `step`) answers through it, journaled once; a request a reset superseded is not.
 */
export async function answer(request: RequestView, runtime: Runtime, step?: Step | RawStep) {
  const started = performance.now()
  const generation = runtime.generation
  const raw = typeof step === 'function'
  const outcome = raw ? await rawOutcome(request, runtime, step) : await outcomeOf(request, runtime, generation, step)
  // Every await is a turn of the microtask queue: none where there is nothing to wait for.
  if (!raw && runtime.settings.latency > 0) await sleep(runtime.settings.latency)
  if (runtime.generation !== generation) return outcome.answer
  const { answer: answered, operation, code, message, target } = outcome
  const statusCode = answered === 'dropped' ? 0 : answered.status
  const { url } = request
  if (outcome.departures?.length) runtime.journal.recordDepartures(outcome.departures)
  // One flat object of references, the same shape every time: the journal formats it when read.
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
    errorMessage: statusCode >= 500 ? outcome.errorMessage : undefined,
    headers: target ? undefined : request.headers,
    body: target ? undefined : outcome.body,
    answer:
      target || answered === 'dropped' || answered instanceof Response ? undefined : (answered.source ?? answered.text),
  })
  return answered
}

/**
 * An answer as msw sends it: a dropped connection is `Response.error()`, which fetch's error then
 * holds as its `cause`; its own `cause` says what happened, as a reset connection's system error.
 */
export const asResponse = (answered: ApiAnswer | Response): Response =>
  answered === 'dropped' ? droppedConnection() : answered instanceof Response ? answered : toResponse(answered)

function droppedConnection(): Response {
  const cause = Object.assign(new Error('ECONNRESET: the mock dropped the connection (an injected network fault)'), {
    code: 'ECONNRESET',
  })
  return Object.assign(Response.error(), { cause })
}

async function rawOutcome(request: RequestView, runtime: Runtime, step: RawStep): Promise<Outcome> {
  try {
    return await step(request, await request.bytes())
  } catch (caught) {
    if (caught instanceof UnreadableBody) throw caught
    return failed(caught, runtime)
  }
}

/** A request that a transport answered itself, before the request path (see `MockApi.recordAnswer`). */
export interface TransportAnswer {
  method: string
  /** The request target as sent: path and query, e.g. `/api/v1/sessions?limit=5`. */
  target: string
  /** Scheme, host and port it was sent to, when the transport knows them. */
  origin?: string
  statusCode: number
  code?: string
  operation?: OperationName
  /** Where a proxied exchange departed from the contract; kept for `MockApi.departures`. */
  departures?: Departure[]
}

/** Journals a transport's own answer under /api/v1 (D17: every answered request counts); others are ignored. */
export function recordTransportAnswer(answer: TransportAnswer, runtime: Runtime): void {
  let url: URL
  try {
    url = new URL(targetUrl('http://localhost', answer.target))
  } catch {
    return
  }
  if (apiPath(url.pathname) === undefined) return
  const { operation, statusCode, code, departures } = answer
  runtime.journal.record({
    time: runtime.clock.time(),
    ms: 0,
    method: answer.method,
    // The target alone holds no origin (it is parsed against a placeholder): the transport's.
    origin: answer.origin ?? '',
    path: url.pathname,
    query: url.search.slice(1),
    ...(operation && { operation }),
    statusCode,
    ...(code && { code }),
  })
  if (departures?.length) runtime.journal.recordDepartures(departures)
}

/** The kept JSON of each session of a list, joined, or `undefined` when one of them is no answered session. */
function listJson(items: readonly unknown[]): string | undefined {
  const parts: string[] = []
  for (const item of items) {
    const json = sessionJson(item)
    if (json === undefined) return undefined
    parts.push(json)
  }
  return `[${parts.join(',')}]`
}

/**
 * `JSON.stringify` of an answer of stored sessions (`{data}`, `{data, meta}`), made of each
 * session's kept JSON so that a page of 50 is not serialized again; `undefined` for any other.
 */
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
