import {
  type AnswerOf,
  documentedStatuses,
  type Endpoints,
  type ERRORS,
  endpoints,
  formatIssues,
  type KnownErrorCode,
  type Operation,
  type OperationName,
  type ParamsOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ReadonlyInput,
  type Session,
  session,
} from '@session-library/schemas'
import { checkWhole } from '../runtime/faults.js'
import { checkOperation, operationAt } from '../runtime/operation-names.js'
import type { Runtime } from '../runtime/runtime.js'
import type { StoredSession } from '../store/records.js'
import { sessionRecord } from '../store/sessions.js'
import { type Admitted, answer, asResponse, failed, type Outcome, ownStep } from './answer.js'
import {
  ApiError,
  errorText,
  FRAMING_HEADERS,
  jsonText,
  OverrideError,
  type PlainAnswer,
  toResponse,
} from './api-error.js'
import { fetchRequestView } from './request-view.js'

const OVERRIDE_CHECKS = ['auth', 'fault', 'mode', 'service'] as const

/** A check of D3 that an override may skip, named in its `bypass`. */
export type OverrideCheck = (typeof OVERRIDE_CHECKS)[number]

type Documented<Name extends OperationName> = Endpoints[Name] extends {
  readonly errors: readonly (infer Status)[]
  readonly decidedErrors: readonly (infer Decided)[]
}
  ? Status | Decided | 500
  : never

/** The error codes an operation can answer (SPEC, D1–D20), and the generic 500. */
export type OverrideErrorCode<Name extends OperationName> = {
  [Code in KnownErrorCode]: (typeof ERRORS)[Code]['status'] extends Documented<Name> ? Code : never
}[KnownErrorCode]

/** What an override's resolver gets: the typed, checked input, the request, and `next()`, the mock's own answer. */
export interface OverrideContext<Name extends OperationName> {
  readonly params: ParamsOf<Name>
  readonly query: ParsedQueryOf<Name>
  readonly body: ParsedBodyOf<Name>
  readonly request: Request
  /** The mock's own answer to this request (it may change the library). */
  next(): Promise<Response>
}

/**
 * An override's answer: the operation's answer (checked exactly: a wrong field is a 500 naming it),
 * an {@link OverrideError} of a code the operation can answer, or any `Response`.
 */
export type OverrideAnswer<Name extends OperationName> =
  | ReadonlyInput<AnswerOf<Name>>
  | OverrideError<OverrideErrorCode<Name>>
  | Response

/** The names of the fields of `T` that `Shape` does not have, at any depth (`never` when none). */
type UnknownFields<T, Shape> = T extends readonly (infer Item)[]
  ? Shape extends readonly (infer Known)[]
    ? UnknownFields<Item, Known>
    : never
  : T extends object
    ? Shape extends object
      ? { [Key in keyof T]-?: Key extends keyof Shape ? UnknownFields<T[Key], NonNullable<Shape[Key]>> : Key }[keyof T]
      : never
    : never

/** The fields an answer has that the operation's answer does not (`never` when none). */
type ExtraFields<Name extends OperationName, Answer> = Answer extends Response | OverrideError
  ? never
  : UnknownFields<Answer, ReadonlyInput<AnswerOf<Name>>>

/**
 * What `MockApi.override` asks of a resolver beyond its type: when it answers an unknown field, a
 * property naming it, so the call does not compile (TypeScript checks no returned object for them).
 */
export type AnswersKnownFields<Name extends OperationName, Answer> = [ExtraFields<Name, Answer>] extends [never]
  ? unknown
  : { 'answers a field the operation does not have': ExtraFields<Name, Answer> }

/** Answers a request of one operation in place of the mock's handler (see `MockApi.override`). */
export type OverrideResolver<Name extends OperationName> = (
  context: OverrideContext<Name>,
) => OverrideAnswer<Name> | Promise<OverrideAnswer<Name>>

/** Options of `MockApi.override`. */
export interface OverrideOptions {
  /** How many requests its resolver answers (one refused before it, by a fault or a 401, is not counted); later ones go to the mock. Default: all. */
  times?: number
  /** Checks of D3 it skips: `'auth'`, `'mode'`, `'service'`, `'fault'`. Default none; the input check always applies. */
  bypass?: readonly OverrideCheck[]
}

/** The issues of an answer the contract does not allow exactly; `undefined` when it does. */
function answerIssues(operation: Operation, answer: unknown): string | undefined {
  const checked = operation.answer.exact.safeParse(answer)
  return checked.success ? undefined : formatIssues(checked.error.issues, 'answer')
}

/** A type with each session in it partial: what `answerOf` fills. */
type WithPartialSessions<T> = T extends Session
  ? Partial<Session>
  : T extends readonly (infer Item)[]
    ? readonly WithPartialSessions<Item>[]
    : T extends object
      ? { [Key in keyof T]: WithPartialSessions<T[Key]> }
      : T

function filledSession(partial: unknown): unknown {
  if (typeof partial !== 'object' || partial === null) return partial
  const { client: _client, ...answered } = sessionRecord({ title: 'Untitled', ...(partial as Partial<StoredSession>) })
  return answered
}

/**
 * An operation's answer for an override, checked now: each session in it may be partial, filled as
 * `sessionRecord` fills one (title `Untitled`); a wrong field is a compile error or a TypeError.
 *
 * @example
 * ```ts
 * api.override('sessions.get', () => answerOf('sessions.get', { data: { title: 'Night Drive' } }))
 * ```
 */
export function answerOf<Name extends OperationName>(
  operation: Name,
  partial: WithPartialSessions<AnswerOf<Name>>,
): AnswerOf<Name> {
  const known = endpoints[checkOperation(operation)] as Operation
  type Shape = { def: { shape?: { data?: { def: { element?: unknown } } } } }
  const data = (known.answer.exact as unknown as Shape).def.shape?.data
  const given = partial as { data?: unknown }
  const answer =
    data === session.exact
      ? { ...given, data: filledSession(given.data) }
      : data?.def.element === session.exact && Array.isArray(given.data)
        ? { ...given, data: given.data.map(filledSession) }
        : partial
  const issues = answerIssues(known, answer)
  if (issues !== undefined) throw new TypeError(`invalid answer of ${operation}: ${issues}`)
  return answer as AnswerOf<Name>
}

/** What the resolver answered, as an outcome; `next()`'s own answer keeps its outcome. */
async function settle(given: unknown, name: OperationName, own?: [Response, Outcome]) {
  if (own && given === own[0]) return own[1]
  if (given instanceof Response) {
    if (given.type === 'error') return { answer: 'dropped', operation: name } satisfies Outcome
    const text = await given.clone().text()
    const headers = Object.fromEntries([...given.headers].filter(([name]) => !FRAMING_HEADERS.has(name)))
    const answer: PlainAnswer = { status: given.status, headers, text }
    return { answer, operation: name } satisfies Outcome
  }
  const operation = endpoints[name] as Operation
  if (given instanceof OverrideError) {
    if (!documentedStatuses(operation).includes(given.status)) {
      throw new ApiError('internal_error', `api.override('${name}') answered ${given.code}: no answer of ${name}`)
    }
    return { answer: errorText(given), operation: name, code: given.code, message: given.message } satisfies Outcome
  }
  const issues = answerIssues(operation, given)
  if (issues !== undefined) {
    throw new ApiError('internal_error', `api.override('${name}') answered what the contract does not allow: ${issues}`)
  }
  return { answer: jsonText(operation.status, JSON.stringify(given)), operation: name } satisfies Outcome
}

function overrideStep<Name extends OperationName>(
  name: Name,
  resolver: OverrideResolver<Name>,
  request: Request,
  uses: { times: number; used: number; printed?: boolean },
) {
  return async (admitted: Admitted): Promise<Outcome> => {
    // Used up by a request that reached the resolver meanwhile: the mock answers this one.
    if (uses.used >= uses.times) return ownStep.answer(admitted)
    uses.used += 1
    let own: [Response, Outcome] | undefined
    const next = async () => {
      const outcome = await ownStep.answer(admitted)
      const response = toResponse(outcome.answer as PlainAnswer)
      own = [response, outcome]
      return response
    }
    const { params, query, body, runtime } = admitted
    try {
      const context = { params, query, body, request, next } as unknown as OverrideContext<Name>
      return await settle(await resolver(context), name, own)
    } catch (caught) {
      if (caught instanceof ApiError) return failed(caught, runtime, name)
      const threw = `api.override('${name}') threw: ${caught instanceof Error ? caught.message : String(caught)}`
      const stack = caught instanceof Error ? caught.stack : threw
      if (!uses.printed) console.error(runtime.mask(`[session-library mock] ${stack}`))
      uses.printed = true
      return failed(new ApiError('internal_error', threw), runtime, name)
    }
  }
}

/** `MockApi.override` without msw, what its msw handler and `api.fetch` ask: `undefined` for another operation, or once used up. */
export function createOverride<Name extends OperationName>(
  runtime: Runtime,
  name: Name,
  resolver: OverrideResolver<Name>,
  { times = Number.POSITIVE_INFINITY, bypass = [] }: OverrideOptions = {},
): (request: Request) => Promise<Response | undefined> {
  checkOperation(name)
  if (times !== Number.POSITIVE_INFINITY) checkWhole('override times', times, 'requests', 1)
  const unknown = bypass.find((check) => !OVERRIDE_CHECKS.includes(check))
  if (unknown !== undefined) {
    throw new TypeError(`invalid bypass: ${JSON.stringify(unknown)}; expected any of ${OVERRIDE_CHECKS.join(', ')}`)
  }
  const uses = { times, used: 0 }
  return async (request) => {
    if (uses.used >= times || operationAt(request.method, new URL(request.url).pathname) !== name) return undefined
    // Read before the request path reads the body: the resolver's `request` stays whole.
    const step = { answer: overrideStep(name, resolver, request.clone(), uses), bypass }
    return asResponse(await answer(fetchRequestView(request), runtime, step))
  }
}
