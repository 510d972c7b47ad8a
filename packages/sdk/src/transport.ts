import {
  type AnswerOf,
  type BodyOf,
  type OperationName,
  operationPath,
  type ParamsOf,
  type QueryOf,
  routes,
} from '@session-library/schemas/client'
import ky, { isHTTPError, isTimeoutError } from 'ky'
import { errorFromResponse, readAnswer } from './answers.js'
import type { ResolvedConfig } from './config.js'
import { NetworkError, type RequestDetails, TimeoutError } from './errors.js'
import { kyHooks } from './hooks.js'
import type { CallOptions } from './options.js'
import { toSearchParams } from './query.js'
import { kyRetry } from './retry.js'

/**
 * The parts of one request that vary: path parameters, query and body, typed by the contract.
 *
 * @example
 * ```ts
 * import type { CallInput } from '@session-library/sdk'
 * const input: CallInput<'sessions.get'> = { params: { id: 'ses_1' } }
 * ```
 */
export interface CallInput<Name extends OperationName> {
  params: ParamsOf<Name>
  query?: QueryOf<Name>
  body?: BodyOf<Name>
}

/**
 * Sends one operation of the contract and resolves to its whole answer (`{ data }`, plus `meta`
 * for the list).
 *
 * @example
 * ```ts
 * const { data } = await call('sessions.get', { params: { id: 'ses_1' } })
 * ```
 */
export type Call = <Name extends OperationName>(
  name: Name,
  input: CallInput<Name>,
  options?: CallOptions,
) => Promise<AnswerOf<Name>>

function translateError(error: unknown, request: RequestDetails, options: CallOptions, timeout: number | false) {
  if (options.signal?.aborted) return options.signal.reason
  if (isHTTPError(error)) return errorFromResponse(error.response, request)
  // ky's errors hold the request and so the Authorization header: never keep them as a cause.
  if (isTimeoutError(error)) return new TimeoutError(timeout || 0, request)
  if (error instanceof TypeError) {
    const message = `${request.operation}: network error (${request.method} ${request.path}): ${error.message}`
    return new NetworkError(message, request, { cause: error })
  }
  return error
}

/**
 * The one place requests are sent: headers, retries, timeout, validation and error mapping.
 *
 * @example `const call = createCall(resolveConfig({ token: 't' }))`
 */
export function createCall(config: ResolvedConfig): Call {
  const http = ky.create({
    // ky always passes a Request; its type also allows strings and URLs.
    fetch: config.fetch as typeof fetch | undefined,
    hooks: kyHooks(config.hooks, config.logger),
    throwHttpErrors: true,
  })
  const headers = { accept: 'application/json', ...config.headers, authorization: `Bearer ${config.token}` }
  return async (name, input, options = {}) => {
    const operation = routes[name]
    const search = toSearchParams(input.query).toString()
    const url = `${config.baseUrl}${operationPath(name, input.params)}${search ? `?${search}` : ''}`
    const request = { operation: name, method: operation.method, path: new URL(url).pathname, url }
    const timeout = options.timeout ?? config.timeout
    try {
      const response = await http(url, {
        method: operation.method,
        // Merged here: ky lets a call's `headers: undefined` replace the instance's headers.
        headers: { ...headers, ...options.headers },
        json: input.body,
        signal: options.signal,
        timeout,
        retry: kyRetry(operation, config.retry, options.retry),
      })
      return (await readAnswer(response, operation, options.validate ?? config.validate, request)) as never
    } catch (error) {
      throw await translateError(error, request, options, timeout)
    }
  }
}
