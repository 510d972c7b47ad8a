import {
  API_PREFIX,
  type ERRORS,
  matchOperation,
  NOT_FOUND_MESSAGES,
  type Operation,
  type OperationName,
  type Service,
} from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import type { Runtime } from '../engine/runtime.js'
import { Superseded } from '../errors/superseded.js'
import { operationHandlers } from '../handlers/index.js'
import type { JournalRecord } from '../runtime/journal.js'
import { JsonValue } from '../runtime/journal-bodies.js'
import { sleep } from '../runtime/mutex.js'
import { keptJson } from './answer-json.js'
import { ApiError, withoutToken } from './api-error.js'
import { authorized, unauthorized } from './auth.js'
import { type ApiAnswer, faultAnswer, faultError } from './fault-answer.js'
import { limitedBytes, readBody, readQuery, UnreadableBody } from './read-input.js'
import { fetchRequestView, type RequestView } from './request-view.js'
import { asApiError, errorText, answered as isAnswered, jsonText, type PlainAnswer, toResponse } from './respond.js'
import { targetUrl } from './target.js'
import type { TransportAnswer } from './transport-answer.js'

export type { ApiAnswer } from './fault-answer.js'

type ServiceCode = `${string}_unavailable` & keyof typeof ERRORS
const serviceCode = (service: Service) => `${service.replaceAll('-', '_')}_unavailable` as ServiceCode

function route(request: RequestView): { operation: Operation; params: Record<string, string> } {
  const match = matchOperation(request.method, request.url.pathname.slice(API_PREFIX.length))
  if (!match.operation) throw new ApiError('not_found', NOT_FOUND_MESSAGES.route)
  return match
}

function allow(operation: Operation, runtime: Runtime): void {
  if (operation.writes && !runtime.settings.writable) throw new ApiError('read_only')
  const service = operation.service
  if (service && runtime.settings.unavailable.has(service)) throw new ApiError(serviceCode(service))
}

/** The steps of D3 after auth and routing, up to the handler's answer and its `onChange`. */
async function answer(
  request: RequestView,
  operation: Operation,
  params: Record<string, string>,
  runtime: Runtime,
  generation: number,
): Promise<PlainAnswer> {
  allow(operation, runtime)
  const { url } = request
  const query = readQuery(operation, url)
  const body = operation.body ? await readBody(operation, request) : undefined
  const handler = operationHandlers[operation.name as OperationName] as (
    context: unknown,
  ) => JsonBodyType | Promise<JsonBodyType>
  return runtime.mutex.run(async () => {
    // A request that began before a reset writes nothing to the library that replaced its own.
    if (runtime.generation !== generation) throw new Superseded()
    const revision = runtime.library.revision
    // Serialized before the mutex is released, so nothing can change the library in between
    // (handlers, imports and resets all run under it): handlers answer with stored records as
    // they are, and no copy is made only to be serialized.
    const handled = handler({ params, query, body, url, runtime })
    const value = handled instanceof Promise ? await handled : handled
    const kept = keptJson(value)
    if (runtime.generation !== generation) throw new Superseded()
    if (runtime.library.revision !== revision) await runtime.persist(revision)
    const plain = jsonText(operation.status, kept ?? JSON.stringify(value))
    // Made of stored sessions, which never change: the journal keeps the value, not the text.
    if (kept !== undefined) plain.source = new JsonValue(value)
    return plain
  })
}

/**
 * What became of a request, as the journal records it.
 *
 * @example
 * ```ts
 * const outcome: Outcome = { answer: jsonText(200, '{"data":[]}'), operation: 'sessions.list' }
 * ```
 */
export interface Outcome {
  answer: ApiAnswer
  operation?: OperationName
  code?: string
  /** The message of the error answered. */
  message?: string
  /** What health's `lastError` says about a 5xx (D17). */
  errorMessage?: string
  /** The body as read, for the journal. */
  body?: Uint8Array
}

function faulted(answer: ApiAnswer, operation: OperationName): Outcome {
  if (answer === 'dropped' || answer.status < 400) return { answer, operation }
  const { code, message } = faultError(answer.status)
  return { answer, operation, code, message, errorMessage: message }
}

async function outcomeOf(request: RequestView, runtime: Runtime, generation: number): Promise<Outcome> {
  let operation: OperationName | undefined
  let body: Uint8Array | undefined
  try {
    if (!authorized(request.header('authorization'), runtime.token)) throw unauthorized()
    body = await limitedBytes(request)
    const match = route(request)
    operation = match.operation.name as OperationName
    // Reset while its body was read (or an override held it): a fault now is the next test's.
    if (runtime.generation !== generation) throw new Superseded()
    const fault = runtime.faults.take(operation)
    const injected = fault && (await faultAnswer(fault))
    if (injected) return { ...faulted(injected, operation), body }
    return { answer: await answer(request, match.operation, match.params, runtime, generation), operation, body }
  } catch (caught) {
    // Nothing to answer or journal: the transport knows what became of the request.
    if (caught instanceof UnreadableBody) throw caught
    return failed(caught, runtime, operation, body)
  }
}

/**
 * The outcome of what a request's handling threw: the error's envelope (a bug's is the generic 500
 * of D4), the exception's own message kept for health's `lastError`, the token masked.
 *
 * @example
 * ```ts
 * failed(new Error('boom'), runtime, 'sessions.list').errorMessage // 'boom'
 * ```
 */
export function failed(caught: unknown, runtime: Runtime, operation?: OperationName, body?: Uint8Array): Outcome {
  const error = withoutToken(asApiError(caught), runtime.mask)
  const internal = isAnswered(caught) ? undefined : caught instanceof Error ? caught.message : String(caught)
  return {
    answer: errorText(error),
    operation,
    code: error.code,
    message: error.message,
    errorMessage: internal ?? error.message,
    body,
  }
}

/**
 * One pipeline for every operation, in DECISIONS D3's order: auth → body size (413) → route → fault
 * → mode → service → query and body → handler (its 404s and late 400s) → `onChange` → latency → journal. Answers
 * without fetch's `Response`, so that the node:http adapter can write the text as it is. A request
 * that began under an older `generation` (an override's `next()` after a reset) writes nothing and
 * is not journaled.
 *
 * @example
 * ```ts
 * const answer = await answerApiRequest(fetchRequestView(request), runtime)
 * ```
 */
export async function answerApiRequest(
  request: RequestView,
  runtime: Runtime,
  generation = runtime.generation,
): Promise<ApiAnswer> {
  const started = performance.now()
  const outcome = await outcomeOf(request, runtime, generation)
  // Every await is a turn of the microtask queue: none where there is nothing to wait for.
  if (runtime.settings.latency > 0) await sleep(runtime.settings.latency)
  journalOutcome(request, runtime, { started, generation }, outcome)
  return outcome.answer
}

/**
 * Journals what became of a request, unless a reset came after it began (`generation`): the
 * journal it would go to is gone, and what it answers, nobody waits for.
 *
 * @example
 * ```ts
 * journalOutcome(view, runtime, { started, generation }, failed(caught, runtime, 'sessions.list'))
 * ```
 */
export function journalOutcome(
  request: RequestView,
  runtime: Runtime,
  { started, generation }: { started: number; generation: number },
  outcome: Outcome,
): void {
  if (runtime.generation !== generation) return
  const { answer: answered, operation, code, message } = outcome
  const statusCode = answered === 'dropped' ? 0 : answered.status
  const { url } = request
  // One flat object of references, the same shape every time: the journal formats it when read.
  runtime.journal.record({
    time: runtime.clock.time(),
    ms: Math.round(performance.now() - started),
    method: request.method,
    origin: url.origin,
    path: url.pathname,
    query: url.search.slice(1),
    operation,
    statusCode,
    code,
    message,
    errorMessage: statusCode >= 500 ? outcome.errorMessage : undefined,
    headers: request.headers,
    body: outcome.body,
    answer: answered === 'dropped' ? undefined : (answered.source ?? answered.text),
  })
}

/**
 * {@link answerApiRequest} for msw: a fetch `Request` in, a `Response` out (`Response.error()`, as
 * msw's `HttpResponse.error()`, for a network fault).
 *
 * @example
 * ```ts
 * http.all(API_ROUTE, ({ request }) => handleApiRequest(request, runtime))
 * ```
 */
export async function handleApiRequest(
  request: Request,
  runtime: Runtime,
  generation = runtime.generation,
): Promise<Response> {
  const answered = await answerApiRequest(fetchRequestView(request), runtime, generation)
  return answered === 'dropped' ? Response.error() : toResponse(answered)
}

/**
 * Journals a request under /api/v1 that the transport answered before the pipeline saw it (D17:
 * every answered request counts); targets elsewhere are ignored, as the pipeline sees none of them.
 *
 * @example
 * ```ts
 * recordTransportAnswer({ method: 'GET', target: '/api/v1/health', statusCode: 403, code: 'forbidden_host' }, runtime)
 * ```
 */
export function recordTransportAnswer(answer: TransportAnswer, runtime: Runtime): void {
  let url: URL
  try {
    url = new URL(targetUrl('http://localhost', answer.target))
  } catch {
    return
  }
  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return
  const { operation, statusCode, code, departures } = answer
  const record: JournalRecord = {
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
  }
  runtime.journal.record(record)
  if (departures?.length) runtime.journal.recordDepartures(departures)
}
