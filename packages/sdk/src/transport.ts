import {
  type AnswerOf,
  type BodyOf,
  type OperationName,
  operationPath,
  type ParamsOf,
  type QueryOf,
  routes,
} from '@session-library/schemas/client'
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky'
import { errorFromResponse, readAnswer } from './answers.js'
import { ApiPromise, rememberResponse } from './api-promise.js'
import type { ResolvedConfig } from './config.js'
import { AbortedError, NetworkError, type RequestDetails, SessionLibraryError, TimeoutError } from './errors.js'
import { mergeHeaders } from './headers.js'
import { kyHooks } from './hooks.js'
import type { CallOptions } from './options.js'
import { toSearchParams } from './query.js'
import { kyRetry } from './retry.js'

type ParamsPart<Name extends OperationName> = keyof ParamsOf<Name> extends never
  ? { params?: ParamsOf<Name> }
  : { params: ParamsOf<Name> }
type QueryPart<Name extends OperationName> = [QueryOf<Name>] extends [never]
  ? { query?: undefined }
  : { query?: QueryOf<Name> }
type BodyPart<Name extends OperationName> = [BodyOf<Name>] extends [never]
  ? { body?: undefined }
  : { body: BodyOf<Name> }

/**
 * The parts of one request that vary, typed by the contract: `params` (required when the path has
 * placeholders), `query` (only where the operation reads one) and `body` (required where it takes one).
 *
 * @example
 * ```ts
 * import type { CallInput } from '@session-library/sdk'
 * const input: CallInput<'tags.patch'> = { params: { id: 'ses_1' }, body: { tags: ['drums'] } }
 * ```
 */
export type CallInput<Name extends OperationName> = ParamsPart<Name> & QueryPart<Name> & BodyPart<Name>

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

interface Input {
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
}

function translateError(error: unknown, request: RequestDetails, options: CallOptions, timeout: number | false) {
  // Whatever was under way (sending, retrying, reading the body), the caller's abort decides.
  if (options.signal?.aborted) return new AbortedError(options.signal.reason, request)
  if (error instanceof SessionLibraryError) return error
  if (isHTTPError(error)) return errorFromResponse(error.response, error.data, request)
  // ky's errors hold the request and so the Authorization header: never keep them as a cause.
  if (isTimeoutError(error)) return new TimeoutError(timeout || 0, request)
  // ky 2 wraps fetch's TypeError in its own NetworkError (which holds the request): keep fetch's.
  const failed = isNetworkError(error) ? error.cause : error
  if (failed instanceof TypeError) {
    const message = `${request.operation}: network error (${request.method} ${request.path}): ${failed.message}`
    return new NetworkError(message, request, { cause: failed })
  }
  return error
}

/**
 * The one place requests are sent: headers, retries, timeout, validation and error mapping.
 *
 * @example `const call = createCall(resolveConfig({ token: 't' }))`
 */
export function createCall(config: ResolvedConfig): Call {
  // Only what is set: ky deep-merges its instance's options into every call's.
  const hooks = kyHooks(config.hooks, config.logger, config.redact)
  const http = ky.create({
    // ky always passes a Request; its type also allows strings and URLs.
    ...(config.fetch && { fetch: config.fetch as typeof fetch }),
    ...(hooks && { hooks }),
  })
  const own = { accept: 'application/json', authorization: `Bearer ${config.token}` }
  const clientHeaders = mergeHeaders(own, config.headers)
  const basePath = new URL(config.baseUrl).pathname.replace(/\/$/, '')
  // The client's retry settings per operation, built once; a call's own `retry` builds its own.
  const retries = new Map(Object.values(routes).map((route) => [route.name, kyRetry(route, config.retry, undefined)]))
  const retryFor = (name: OperationName, call: CallOptions['retry']) =>
    call === undefined ? retries.get(name) : kyRetry(routes[name], config.retry, call)

  async function send(name: OperationName, input: Input, options: CallOptions) {
    const operation = routes[name]
    const search = toSearchParams(input.query).toString()
    const relative = operationPath(name, (input.params ?? {}) as ParamsOf<typeof name>)
    const url = `${config.baseUrl}${relative}${search ? `?${search}` : ''}`
    const request = { operation: name, method: operation.method, path: `${basePath}${relative}`, url }
    const timeout = options.timeout ?? config.timeout
    let response: Response | undefined
    try {
      // A fetch of the caller's own may not look at the signal: an aborted call sends nothing.
      options.signal?.throwIfAborted()
      response = await http(url, {
        method: operation.method,
        headers: options.headers ? mergeHeaders(clientHeaders, options.headers) : clientHeaders,
        json: input.body,
        signal: options.signal,
        timeout,
        retry: retryFor(name, options.retry),
      })
      const data = await readAnswer(response, operation, options.validate ?? config.validate, request)
      return { data, response }
    } catch (error) {
      const failure = translateError(error, request, options, timeout)
      const answered = response ?? (isHTTPError(error) ? error.response : undefined)
      throw answered ? rememberResponse(failure, answered) : failure
    }
  }

  return (name, input, options = {}) => new ApiPromise(send(name, input as Input, options)) as never
}
