import {
  type AnswerOf,
  type CallInput,
  type OperationName,
  operationPath,
  type ParamsOf,
  routes,
  tokenMask,
} from '@session-library/schemas/client'
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky'
import { type RequestDetails, SessionLibraryError } from '../errors/base.js'
import { AbortedError, NetworkError, TimeoutError } from '../errors/no-answer.js'
import { ResponseValidationError } from '../errors/response-validation.js'
import { type BodyFailures, readText } from './answer-body.js'
import type { ResolvedConfig } from './config.js'
import { errorFromResponse } from './error-answer.js'
import { mergeHeaders } from './headers.js'
import { kyHooks } from './hooks.js'
import { resolveLog } from './log.js'
import type { CallOptions } from './options.js'
import { ApiPromise, rememberResponse } from './promise.js'
import { readAnswer } from './read-answer.js'
import { kyRetry } from './retry.js'
import { toSearchParams } from './search-params.js'

/**
 * The arguments after the operation's name: the input (optional when nothing in it is required),
 * then the call options.
 *
 * @example
 * ```ts
 * import type { RequestArgs } from '@session-library/sdk'
 * const args: RequestArgs<'health.get'> = [] // client.request('health.get')
 * ```
 */
export type RequestArgs<Name extends OperationName> =
  Partial<CallInput<Name>> extends CallInput<Name>
    ? [input?: CallInput<Name>, options?: CallOptions]
    : [input: CallInput<Name>, options?: CallOptions]

/**
 * Sends one operation of the contract; the {@link ApiPromise} resolves to its whole answer
 * (`{ data }`, plus `meta` for the list).
 *
 * @example `const { data } = await call('sessions.get', { params: { id: 'ses_1' } })`
 */
export type Call = <Name extends OperationName>(
  name: Name,
  input: CallInput<Name>,
  options?: CallOptions,
) => ApiPromise<AnswerOf<Name>>

// The name of the option that carries a call's clock to `fetch`: one ky does not know (a string,
// since ky's merge drops symbol keys).
const CLOCK = 'sessionLibraryClock'
interface AttemptClock {
  started: number
}

interface Input {
  params?: Record<string, string>
  query?: object
  body?: unknown
}

interface Attempt {
  request: RequestDetails
  options: CallOptions
  timeout: number | false
  mask: (text: string) => string
}

function translateError(error: unknown, { request, options, timeout, mask }: Attempt) {
  // Whatever was under way (sending, retrying, reading the body), the caller's abort decides.
  if (options.signal?.aborted) return new AbortedError(options.signal.reason, request)
  if (error instanceof SessionLibraryError) return error
  if (isHTTPError(error)) return errorFromResponse(error.response, error.data, request, mask)
  // ky's errors hold the request and so the Authorization header: never keep them as a cause.
  if (isTimeoutError(error)) return new TimeoutError(timeout || 0, request)
  // ky 2 wraps fetch's TypeError in its own NetworkError (which holds the request): keep fetch's.
  const failed = isNetworkError(error) ? error.cause : error
  if (failed instanceof TypeError) return new NetworkError(request, failed)
  return error
}

function bodyFailures(request: RequestDetails, timeout: number | false, maxBytes: number): BodyFailures {
  return {
    timedOut: () => new TimeoutError(timeout || 0, request),
    tooLarge: () =>
      new ResponseValidationError([`(answer): larger than ${maxBytes} bytes (maxAnswerBytes)`], undefined, request),
  }
}

/**
 * The one place requests are sent: headers, retries, timeout (the answer's body included), the
 * answer's size limit, validation, error mapping and the per-call log lines.
 *
 * @example `const call = createCall(resolveConfig({ token: 't' }))`
 */
export function createCall(config: ResolvedConfig): Call {
  const log = resolveLog(config.logger, config.logLevel)
  const hooks = kyHooks(config.hooks, log, config.redact)
  const mask = tokenMask(config.token)
  // ky hands an option it does not know to `fetch`: each call's clock comes through so, and the
  // fetch stamps when each attempt began (the body's share of the timeout is what that attempt left).
  const timedFetch = (request: Request, init?: Record<string, unknown>) => {
    const clock = init?.[CLOCK] as AttemptClock | undefined
    if (clock) clock.started = performance.now()
    // The clock is the only option ky hands over: the Request carries everything else.
    return (config.fetch ?? globalThis.fetch)(request)
  }
  // Only what is set: ky deep-merges its instance's options into every call's.
  const http = ky.create({ fetch: timedFetch as typeof fetch, ...(hooks && { hooks }) })
  const own = { accept: 'application/json', authorization: `Bearer ${config.token}` }
  const clientHeaders = mergeHeaders(own, config.headers)
  const basePath = new URL(config.baseUrl).pathname.replace(/\/$/, '')
  // The client's retry settings per operation, built once; a call's own `retry` builds its own.
  const retries = new Map(Object.values(routes).map((route) => [route.name, kyRetry(route, config.retry, undefined)]))
  const retryFor = (name: OperationName, call: CallOptions['retry']) =>
    call === undefined ? retries.get(name) : kyRetry(routes[name], config.retry, call)

  function receive(response: Response, request: RequestDetails, timeout: number | false, clock: AttemptClock) {
    const msLeft = timeout === false ? undefined : timeout - (performance.now() - clock.started)
    return readText(response, config.maxAnswerBytes, msLeft, bodyFailures(request, timeout, config.maxAnswerBytes))
  }

  async function send(name: OperationName, input: Input, options: CallOptions) {
    const operation = routes[name]
    const search = toSearchParams(input.query).toString()
    const relative = operationPath(name, (input.params ?? {}) as ParamsOf<typeof name>)
    const url = `${config.baseUrl}${relative}${search ? `?${search}` : ''}`
    const request = { operation: name, method: operation.method, path: `${basePath}${relative}`, url }
    const timeout = options.timeout ?? config.timeout
    // Until fetch stamps an attempt, the clock reads the call's start (a hook may answer without fetch).
    const clock: AttemptClock = { started: performance.now() }
    // Only the keys that are set: ky copies its options object once per key it merges.
    const kyOptions: Record<string, unknown> = {
      method: operation.method,
      headers: options.headers ? mergeHeaders(clientHeaders, options.headers) : clientHeaders,
      timeout,
      retry: retryFor(name, options.retry),
      [CLOCK]: clock,
    }
    if (input.body !== undefined) kyOptions.json = input.body
    if (options.signal) kyOptions.signal = options.signal
    let response: Response | undefined
    try {
      // A fetch of the caller's own may not look at the signal: an aborted call sends nothing.
      options.signal?.throwIfAborted()
      response = await http(url, kyOptions)
      const text = await receive(response, request, timeout, clock)
      const data = readAnswer(text, operation, options.validate ?? config.validate, request)
      log?.info?.('session-library: answer', { method: request.method, url, status: response.status })
      return { data, response }
    } catch (error) {
      const failure = translateError(error, { request, options, timeout, mask })
      log?.error?.('session-library: failed', { method: request.method, url, error: String(failure) })
      const answered = response ?? (isHTTPError(error) ? error.response : undefined)
      throw answered ? rememberResponse(failure, answered) : failure
    }
  }

  return (name, input, options = {}) => new ApiPromise(send(name, input as Input, options)) as never
}
