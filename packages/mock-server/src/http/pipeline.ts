import {
  API_PREFIX,
  ERRORS,
  matchOperation,
  NOT_FOUND_MESSAGES,
  type Operation,
  type OperationName,
  type Service,
} from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import { operationHandlers } from '../handlers/index.js'
import type { JournalDetail } from '../runtime/journal.js'
import { sleep } from '../runtime/mutex.js'
import type { Runtime } from '../runtime/runtime.js'
import type { Fault, JournalEntry, TransportAnswer } from '../types.js'
import { ApiError, withoutToken } from './api-error.js'
import { authorized, unauthorized } from './auth.js'
import { limitedBytes, readBody, readQuery, UnreadableBody } from './read-input.js'
import { fetchRequestView, type RequestView } from './request-view.js'
import { asApiError, errorText, jsonText, type PlainAnswer, toResponse } from './respond.js'
import { targetUrl } from './target.js'

/** What the pipeline answers: a {@link PlainAnswer}, or a dropped connection (a network fault). */
export type ApiAnswer = PlainAnswer | 'dropped'

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

async function injected(fault: Fault): Promise<ApiAnswer | undefined> {
  await sleep(fault.latency ?? 0)
  if (fault.network) return 'dropped'
  if (fault.status === undefined) return undefined
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': `${fault.retryAfter}` }
  return errorText(new ApiError('internal_error', undefined, { status: fault.status, headers }))
}

/** The steps of D3 after auth and routing, up to the handler's answer and its `onChange`. */
async function answer(
  request: RequestView,
  operation: Operation,
  params: Record<string, string>,
  runtime: Runtime,
): Promise<PlainAnswer> {
  allow(operation, runtime)
  const { url } = request
  const query = readQuery(operation, url)
  const body = await readBody(operation, request)
  const handler = operationHandlers[operation.name as OperationName] as (context: unknown) => JsonBodyType
  const text = await runtime.mutex.run(async () => {
    const revision = runtime.library.revision
    // Serialized before the mutex is released, so nothing can change the library in between
    // (handlers, imports and resets all run under it): handlers answer with stored records as
    // they are, and no copy is made only to be serialized.
    const serialized = JSON.stringify(await handler({ params, query, body, url, runtime }))
    await runtime.persist(revision)
    return serialized
  })
  return jsonText(operation.status, text)
}

interface Outcome {
  answer: ApiAnswer
  operation?: OperationName
  code?: string
  /** The message of the error answered. */
  message?: string
  /** What health's `lastError` says about a 5xx (D17). */
  errorMessage?: string
}

function redact(text: string, token: string): string {
  return token === '' ? text : text.replaceAll(token, '<token>')
}

async function outcomeOf(request: RequestView, runtime: Runtime): Promise<Outcome> {
  let operation: OperationName | undefined
  try {
    if (!authorized(request.header('authorization'), runtime.token)) throw unauthorized()
    await limitedBytes(request)
    const match = route(request)
    operation = match.operation.name as OperationName
    const fault = runtime.faults.take(operation)
    const faulted = fault && (await injected(fault))
    if (faulted === 'dropped') return { answer: faulted, operation }
    if (faulted) {
      const { message } = ERRORS.internal_error
      return { answer: faulted, operation, code: 'internal_error', message, errorMessage: message }
    }
    return { answer: await answer(request, match.operation, match.params, runtime), operation }
  } catch (caught) {
    // Nothing to answer or journal: the transport knows what became of the request.
    if (caught instanceof UnreadableBody) throw caught
    const error = asApiError(caught)
    const internal = caught instanceof ApiError ? undefined : caught instanceof Error ? caught.message : String(caught)
    const answered = withoutToken(error, runtime.token)
    return {
      answer: errorText(answered),
      operation,
      code: error.code,
      message: answered.message,
      errorMessage: redact(internal ?? error.message, runtime.token),
    }
  }
}

/**
 * One pipeline for every operation, in DECISIONS D3's order: auth → body size (413) → route → fault
 * → mode → service → query and body → handler (its 404s and late 400s) → `onChange` → latency → journal. Answers
 * without fetch's `Response`, so that the node:http adapter can write the text as it is.
 *
 * @example
 * ```ts
 * const answer = await answerApiRequest(fetchRequestView(request), runtime)
 * ```
 */
export async function answerApiRequest(request: RequestView, runtime: Runtime): Promise<ApiAnswer> {
  const started = performance.now()
  await runtime.ready
  const outcome = await outcomeOf(request, runtime)
  await sleep(runtime.settings.latency)
  const { answer: answered, operation, code, message } = outcome
  const statusCode = answered === 'dropped' ? 0 : answered.status
  const errorMessage = statusCode >= 500 ? outcome.errorMessage : undefined
  const detail = { ms: Math.round(performance.now() - started), ...(message !== undefined && { message }) }
  journal(runtime, request.method, request.url, { operation, statusCode, code }, errorMessage, detail)
  return answered
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
export async function handleApiRequest(request: Request, runtime: Runtime): Promise<Response> {
  const answered = await answerApiRequest(fetchRequestView(request), runtime)
  return answered === 'dropped' ? Response.error() : toResponse(answered)
}

type Journaled = Pick<JournalEntry, 'operation' | 'statusCode' | 'code'>

/** Journals one answered request, the token masked in its path and query (D17, D2). */
function journal(
  runtime: Runtime,
  method: string,
  url: URL,
  answered: Journaled,
  errorMessage?: string,
  detail?: JournalDetail,
): void {
  const { operation, statusCode, code } = answered
  const entry = {
    method,
    path: redact(url.pathname, runtime.token),
    query: redact(url.search.slice(1), runtime.token),
    ...(operation ? { operation } : {}),
    statusCode,
    ...(code ? { code } : {}),
  }
  runtime.journal.record(entry, runtime.clock.time(), errorMessage, detail)
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
  journal(runtime, answer.method, url, { operation, statusCode, code })
  if (departures?.length) runtime.journal.recordDepartures(departures)
}
