import {
  API_PREFIX,
  ERRORS,
  endpoints,
  type KnownErrorCode,
  matchOperation,
  type OperationName,
  type ParamsOf,
} from '@session-library/schemas'
import { type HttpHandler, http } from 'msw'
import type { Runtime } from '../engine/runtime.js'
import type { ExactAnswer, Parsed } from '../handlers/context.js'
import { ApiError } from './api-error.js'
import { handleApiRequest } from './pipeline.js'
import { readBody, readQuery } from './read-input.js'
import { fetchRequestView } from './request-view.js'
import { errorText, jsonText, type PlainAnswer, toResponse } from './respond.js'
import { operationPattern } from './url-pattern.js'

/**
 * An error an override answers: the envelope of D4 with the code's status and SPEC's message
 * unless another is given. Built by `api.error(code)`.
 *
 * @example
 * ```ts
 * server.use(api.override('sessions.create', () => api.error('read_only')))
 * ```
 */
export class OverrideError {
  readonly status: number
  readonly code: KnownErrorCode
  readonly message: string
  readonly headers: Record<string, string> = {}

  constructor(code: KnownErrorCode, message?: string) {
    if (!Object.hasOwn(ERRORS, code)) throw new TypeError(`unknown error code: ${JSON.stringify(code)}`)
    this.status = ERRORS[code].status
    this.code = code
    this.message = message ?? ERRORS[code].message
  }
}

/**
 * What an override's resolver gets: the request's typed path parameters, query and body (already
 * validated as the mock validates them), the request itself, and `next()`, the stateful mock's
 * own answer to it.
 *
 * @example
 * ```ts
 * const resolver: OverrideResolver<'tags.put'> = ({ params, body }) => ({ data: { id: params.id, tags: body.tags } })
 * ```
 */
export interface OverrideContext<Name extends OperationName> {
  readonly params: ParamsOf<Name>
  readonly query: Parsed<Name, 'query'>
  readonly body: Parsed<Name, 'body'>
  readonly request: Request
  /** The mock's own answer to this request (it may change the library, and is journaled once). */
  next(): Promise<Response>
}

/**
 * An override's answer: the operation's answer (sent with its success status), an
 * {@link OverrideError}, or any `Response` (what `next()` gives, or msw's `HttpResponse`).
 *
 * @example
 * ```ts
 * const answer: OverrideAnswer<'notes.get'> = { data: { id: 'ses_1', notes: 'hello' } }
 * ```
 */
export type OverrideAnswer<Name extends OperationName> = ExactAnswer<Name> | OverrideError | Response

/**
 * Answers a request of one operation in place of the mock (see `MockApi.override`).
 *
 * @example
 * ```ts
 * const resolver: OverrideResolver<'sessions.list'> = ({ next }) => next()
 * ```
 */
export type OverrideResolver<Name extends OperationName> = (
  context: OverrideContext<Name>,
) => OverrideAnswer<Name> | Promise<OverrideAnswer<Name>>

/**
 * Options of `MockApi.override`.
 *
 * @example
 * ```ts
 * const once: OverrideOptions = { times: 1 }
 * ```
 */
export interface OverrideOptions {
  /** How many requests it answers; later ones go to the next handler (the mock). Default: all. */
  times?: number
}

function plainOf(answer: ExactAnswer<OperationName> | OverrideError, status: number): PlainAnswer {
  return answer instanceof OverrideError ? errorText(answer) : jsonText(status, JSON.stringify(answer))
}

/**
 * The msw handler of `MockApi.override`: the operation's method and path on the mock's origins.
 * A request whose query or body the mock would refuse gets the mock's 400, not the resolver.
 *
 * @example
 * ```ts
 * server.use(createOverride(runtime, origins, 'sessions.get', () => new OverrideError('not_found')))
 * ```
 */
export function createOverride<Name extends OperationName>(
  runtime: Runtime,
  origins: readonly string[] | '*',
  name: Name,
  resolver: OverrideResolver<Name>,
  { times = Number.POSITIVE_INFINITY }: OverrideOptions = {},
): HttpHandler {
  const operation = endpoints[name]
  if (!operation) throw new TypeError(`unknown operation: ${JSON.stringify(name)}`)
  const method = operation.method.toLowerCase() as 'get'
  let used = 0
  return http[method](operationPattern(`${API_PREFIX}${operation.path}`, origins), async ({ request }) => {
    if (used >= times) return undefined
    used += 1
    const started = performance.now()
    const generation = runtime.generation
    const original = request.clone()
    let delegated = false
    const next = () => {
      delegated = true
      return handleApiRequest(original.clone(), runtime)
    }
    const view = fetchRequestView(request)
    const match = matchOperation(request.method, view.url.pathname.slice(API_PREFIX.length))
    let query: unknown
    let body: unknown
    try {
      query = readQuery(operation, view.url)
      body = await readBody(operation, view)
    } catch (caught) {
      if (caught instanceof ApiError) return next()
      throw caught
    }
    const context = { params: match.params, query, body, request: original, next } as OverrideContext<Name>
    const answer = await resolver(context)
    // What `next()` answered, the pipeline has journaled.
    if (delegated || runtime.generation !== generation)
      return answer instanceof Response ? answer : toResponse(plainOf(answer, operation.status))
    const plain =
      answer instanceof Response
        ? { status: answer.status, text: await answer.clone().text() }
        : plainOf(answer, operation.status)
    const error = answer instanceof OverrideError ? answer : undefined
    runtime.journal.record({
      time: runtime.clock.time(),
      ms: Math.round(performance.now() - started),
      method: view.method,
      origin: view.url.origin,
      path: view.url.pathname,
      query: view.url.search.slice(1),
      operation: name,
      statusCode: plain.status,
      ...(error && { code: error.code, message: error.message }),
      ...(view.headers && { headers: view.headers }),
      body: await view.bytes(),
      answer: plain.text,
    })
    return answer instanceof Response ? answer : toResponse(plain as PlainAnswer)
  })
}
