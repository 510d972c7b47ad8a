import {
  type AnswerOf,
  type BodyOf,
  buildPath,
  type OperationName,
  type ParamsOf,
  type PathParams,
  type QueryOf,
  routes,
} from '@session-library/schemas/client'
import ky, { isHTTPError, isTimeoutError } from 'ky'
import { errorFromResponse, readAnswer } from './answers.js'
import type { ResolvedConfig } from './config.js'
import { type SendPlan, sendDirect } from './direct-fetch.js'
import { NetworkError, type RequestDetails, TimeoutError } from './errors.js'
import { kyHooks } from './hooks.js'
import type { CallOptions } from './options.js'
import { toSearchParams } from './query.js'
import { callRetry, kyRetry, retryPolicy } from './retry.js'

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

function translateError(error: unknown, { request, signal, timeout }: SendPlan) {
  if (signal?.aborted) return signal.reason
  if (isHTTPError(error)) return errorFromResponse(error.response, request)
  // ky's errors hold the request and so the Authorization header: never keep them as a cause.
  if (isTimeoutError(error)) return new TimeoutError(timeout || 0, request)
  if (error instanceof TypeError) {
    const message = `${request.operation}: network error (${request.method} ${request.path}): ${error.message}`
    return new NetworkError(message, request, { cause: error })
  }
  return error
}

type Send = (url: string, init: RequestInit, plan: SendPlan) => Promise<Response>

// Hooks and the logger are ky's hooks, so a client with either sends through ky. Every other client
// sends with `fetch` directly (see sendDirect): the same behaviour without ky's per-call cost.
function sender(config: ResolvedConfig): Send {
  if (!config.hooks && !config.logger) return (url, init, plan) => sendDirect(url, init, plan, config.fetch)
  const http = ky.create({
    // ky always passes a Request; its type also allows strings and URLs.
    fetch: config.fetch as typeof fetch | undefined,
    hooks: kyHooks(config.hooks, config.logger),
    throwHttpErrors: true,
  })
  return (url, init, { request, signal, timeout, policy }) =>
    http(url, { ...init, signal, timeout, retry: kyRetry(policy, request.method) })
}

/**
 * The one place requests are sent: headers, retries, timeout, validation and error mapping.
 *
 * @example `const call = createCall(resolveConfig({ token: 't' }))`
 */
export function createCall(config: ResolvedConfig): Call {
  const send = sender(config)
  const retry = retryPolicy(config.retry)
  const base = { accept: 'application/json', ...config.headers, authorization: `Bearer ${config.token}` }
  return async (name, input, options = {}) => {
    const operation = routes[name]
    const search = toSearchParams(input.query).toString()
    const url = `${config.baseUrl}${buildPath(operation.path, input.params as PathParams<string>)}${search ? `?${search}` : ''}`
    const request: RequestDetails = {
      operation: name,
      method: operation.method,
      url,
      // Parsed only when an error needs it.
      get path() {
        return new URL(url).pathname
      },
    }
    const { body } = input
    const json = body === undefined ? undefined : { 'content-type': 'application/json' }
    const init = {
      method: operation.method,
      headers: { ...json, ...base, ...options.headers },
      body: JSON.stringify(body),
    }
    const plan = {
      request,
      timeout: options.timeout ?? config.timeout,
      signal: options.signal,
      policy: callRetry(operation, retry, options.retry),
    }
    try {
      const response = await send(url, init, plan)
      if (!response.ok) throw await errorFromResponse(response, request)
      return (await readAnswer(response, operation, options.validate ?? config.validate, request)) as never
    } catch (error) {
      throw await translateError(error, plan)
    }
  }
}
