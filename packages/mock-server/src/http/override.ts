import {
  API_PREFIX,
  ERRORS,
  endpoints,
  type KnownErrorCode,
  matchOperation,
  type OperationName,
  type ParamsOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@session-library/schemas'
import { type HttpHandler, http } from 'msw'
import type { Runtime } from '../engine/runtime.js'
import type { ExactAnswer } from '../handlers/context.js'
import { ApiError } from './api-error.js'
import { failed, handleApiRequest, journalOutcome, type Outcome } from './pipeline.js'
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
  readonly query: ParsedQueryOf<Name>
  readonly body: ParsedBodyOf<Name>
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

/** The answer msw sends, and what the journal records of it. */
async function settle(
  answer: OverrideAnswer<OperationName>,
  name: OperationName,
  body: Uint8Array,
): Promise<{ response: Response; outcome: Outcome }> {
  if (answer instanceof Response) {
    const text = await answer.clone().text()
    return {
      response: answer,
      outcome: { answer: { status: answer.status, headers: {}, text }, operation: name, body },
    }
  }
  const plain = plainOf(answer, endpoints[name].status)
  const error = answer instanceof OverrideError ? answer : undefined
  const outcome = { answer: plain, operation: name, body, ...(error && { code: error.code, message: error.message }) }
  return { response: toResponse(plain), outcome }
}

/** A resolver that threw answers the mock's own 500 (D4), its message in health's `lastError`. */
function thrown(caught: unknown, runtime: Runtime, name: OperationName, body: Uint8Array): Outcome {
  const outcome = failed(caught, runtime, name, body)
  return { ...outcome, errorMessage: `api.override('${name}') threw: ${outcome.errorMessage}` }
}

async function overridden<Name extends OperationName>(
  runtime: Runtime,
  name: Name,
  resolver: OverrideResolver<Name>,
  request: Request,
): Promise<Response> {
  const operation = endpoints[name]
  const timing = { started: performance.now(), generation: runtime.generation }
  const original = request.clone()
  let delegated = false
  // Under the generation the request began in: after a reset, the mock's answer writes and journals nothing.
  const next = () => {
    delegated = true
    return handleApiRequest(original.clone(), runtime, timing.generation)
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
  const sent = await view.bytes()
  try {
    const { response, outcome } = await settle(await resolver(context), name, sent)
    // What `next()` answered, the pipeline has journaled.
    if (!delegated) journalOutcome(view, runtime, timing, outcome)
    return response
  } catch (caught) {
    // The client gets this 500, whatever `next()` answered before: the journal must show it.
    const outcome = thrown(caught, runtime, name, sent)
    journalOutcome(view, runtime, timing, outcome)
    return toResponse(outcome.answer as PlainAnswer)
  }
}

/**
 * The msw handler of `MockApi.override`: the operation's method and path on the mock's origins.
 * A request whose query or body the mock would refuse gets the mock's 400, not the resolver. A
 * resolver that throws answers the 500 `internal_error` of D4, journaled, its message in health's
 * `lastError`.
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
  return http[method](operationPattern(`${API_PREFIX}${operation.path}`, origins), ({ request }) => {
    if (used >= times) return undefined
    used += 1
    return overridden(runtime, name, resolver, request)
  })
}
