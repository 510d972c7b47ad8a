import {
  type AnswerOf,
  apiPath,
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
import { type Admitted, answer, asResponse, failed, handle, type Outcome, type OverrideCheck } from './answer.js'
import { errorText, jsonText, type PlainAnswer, toResponse } from './api-error.js'
import { fetchRequestView } from './request-view.js'

/**
 * An error an override answers: the envelope of D4 with the code's status and SPEC's message
 * unless another is given. Built by `api.error(code)`.
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
 * What an override's resolver gets: the request's typed path parameters, query and body (checked
 * as the mock checks them), the request, and `next()`, the stateful mock's own answer to it.
 */
export interface OverrideContext<Name extends OperationName> {
  readonly params: ParamsOf<Name>
  readonly query: ParsedQueryOf<Name>
  readonly body: ParsedBodyOf<Name>
  readonly request: Request
  /** The mock's own answer to this request (it may change the library). */
  next(): Promise<Response>
}

/** An override's answer: the operation's answer (sent with its success status), an {@link OverrideError}, or any `Response`. */
export type OverrideAnswer<Name extends OperationName> = AnswerOf<Name> | OverrideError | Response

/** Answers a request of one operation in place of the mock's handler (see `MockApi.override`). */
export type OverrideResolver<Name extends OperationName> = (
  context: OverrideContext<Name>,
) => OverrideAnswer<Name> | Promise<OverrideAnswer<Name>>

/** Options of `MockApi.override`. */
export interface OverrideOptions {
  /** How many requests it answers; later ones go to the next handler (the mock). Default: all. */
  times?: number
  /**
   * Checks of D3 the override skips, said explicitly: `'auth'` (401), `'mode'` (403 `read_only`),
   * `'service'` (501), `'fault'` (pending faults wait for the next request). Default none: an
   * overridden request is checked as any other. The body limit and the input check always apply.
   */
  bypass?: readonly OverrideCheck[]
}

/** What the resolver answered, as an outcome; `next()`'s own answer keeps the outcome it had. */
async function settle(given: OverrideAnswer<OperationName>, name: OperationName, own?: [Response, Outcome]) {
  if (own && given === own[0]) return own[1]
  if (given instanceof Response) {
    if (given.type === 'error') return { answer: 'dropped', operation: name } satisfies Outcome
    const text = await given.clone().text()
    const answer: PlainAnswer = { status: given.status, headers: Object.fromEntries(given.headers), text }
    return { answer, operation: name } satisfies Outcome
  }
  if (given instanceof OverrideError) {
    return { answer: errorText(given), operation: name, code: given.code, message: given.message } satisfies Outcome
  }
  return { answer: jsonText(endpoints[name].status, JSON.stringify(given)), operation: name } satisfies Outcome
}

/** The handler step of an override: its resolver, with `next()` the mock's own step. */
function overrideStep<Name extends OperationName>(name: Name, resolver: OverrideResolver<Name>, request: Request) {
  return async (admitted: Admitted): Promise<Outcome> => {
    let own: [Response, Outcome] | undefined
    const next = async () => {
      let outcome: Outcome
      try {
        outcome = { answer: await handle(admitted), operation: name }
      } catch (caught) {
        outcome = failed(caught, admitted.runtime, name)
      }
      const response = toResponse(outcome.answer as PlainAnswer)
      own = [response, outcome]
      return response
    }
    const { params, query, body } = admitted
    try {
      const context = { params, query, body, request, next } as unknown as OverrideContext<Name>
      return await settle(await resolver(context), name, own)
    } catch (caught) {
      const outcome = failed(caught, admitted.runtime, name)
      return { ...outcome, errorMessage: `api.override('${name}') threw: ${outcome.errorMessage}` }
    }
  }
}

/**
 * The msw handler of `MockApi.override`: requests of the operation under the mock's origins go the
 * one request path with the resolver as their handler step; other requests pass to the next handler.
 */
export function createOverride<Name extends OperationName>(
  runtime: Runtime,
  scope: RegExp,
  name: Name,
  resolver: OverrideResolver<Name>,
  { times = Number.POSITIVE_INFINITY, bypass = [] }: OverrideOptions = {},
): HttpHandler {
  if (!Object.hasOwn(endpoints, name)) throw new TypeError(`unknown operation: ${JSON.stringify(name)}`)
  let used = 0
  return http.all(scope, async ({ request }) => {
    const { pathname } = new URL(request.url)
    const path = apiPath(pathname)
    if (used >= times || path === undefined) return undefined
    if (matchOperation(request.method, path).operation?.name !== name) return undefined
    used += 1
    // Read before the request path reads the body: the resolver's `request` stays whole.
    const original = request.clone()
    const step = { answer: overrideStep(name, resolver, original), bypass }
    return asResponse(await answer(fetchRequestView(request), runtime, step))
  })
}
