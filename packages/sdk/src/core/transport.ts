import { once } from '@session-library/internal'
import {
  type AnswerOf,
  type CallInput,
  isRecord,
  NOT_JSON,
  type OperationName,
  operationPath,
  type ParamsOf,
  parseJsonText,
  type Route,
  routes,
  type SdkMethodsOf,
  searchParams,
  tokenMask,
} from '@session-library/schemas/client'
import type { KyInstance, RetryOptions } from 'ky'
import { type ApiError, createApiError } from '../errors/api-error.js'
import { type RequestDetails, SessionLibraryError, UNKNOWN_ERROR_CODE } from '../errors/base.js'
import { AbortedError, isFetchFailure, NetworkError, TimeoutError } from '../errors/sdk-errors.js'
import { readAnswer } from './answer-body.js'
import { mergeHeaders, redactHeaders } from './headers.js'
import { kyHooks, resolveLog } from './hooks.js'
import {
  backoffDelay,
  type CallOptions,
  type FetchFunction,
  RETRY_STATUSES,
  type ResolvedConfig,
  type RetryOption,
  retryPolicy,
} from './options.js'
import { ApiPromise, rememberResponse } from './promise.js'

/** The arguments after the operation's id: the input (optional when nothing in it is required), then the options.
 * @example `const args: RequestArgs<'health.get'> = [] // client.request('health.get')`
 */
export type RequestArgs<Name extends OperationName> =
  Partial<CallInput<Name>> extends CallInput<Name>
    ? [input?: CallInput<Name>, options?: CallOptions]
    : [input: CallInput<Name>, options?: CallOptions]

export type Call = <Name extends OperationName>(
  name: Name,
  input: CallInput<Name>,
  options?: CallOptions,
) => ApiPromise<AnswerOf<Name>>

export abstract class Resource {
  /** @internal */
  constructor(protected readonly call: Call) {}
}

/** What a resource group must offer: a method for each call the contract names (`nameIn`), else it does not compile. */
export type ContractMethods<Group extends string> = Record<SdkMethodsOf<Group>, (...args: never[]) => unknown>

type Ky = typeof import('ky')
// ky is loaded by the first call, not by the import: its import builds a `Request` (loading the runtime's fetch).
const loadKy = once(() => import('ky'))

// An option ky does not know, so hands to `fetch` (a string: ky's merge drops symbol keys): the call's clock,
// stamped when an attempt begins (the body's share of the timeout is what that attempt left).
const CLOCK = 'sessionLibraryClock'
type AttemptClock = { started: number; request: RequestDetails }

interface Input {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | readonly string[] | undefined>
  body?: unknown
}

function retryAfterOf({ headers }: Response): number | undefined {
  const value = headers.get('retry-after') ?? ''
  const seconds = /^\d+$/.test(value) ? +value : Math.ceil((Date.parse(value) - Date.now()) / 1000)
  return Number.isNaN(seconds) ? undefined : Math.max(0, seconds)
}

// A request no attempt can send, in undici's words: a port fetch blocks, a scheme it has not.
const PERMANENT = /\b(bad port|unknown scheme)\b/
// Other writes retry only when the call passes `retry`: their effect could otherwise happen twice.
function kyRetry(operation: Route, client: RetryOption | undefined, call: RetryOption | undefined): RetryOptions {
  const policy = retryPolicy(call, retryPolicy(client))
  if (!(operation.idempotent || call !== undefined) || policy.limit <= 0) return { limit: 0 }
  return {
    limit: policy.limit,
    methods: [operation.method.toLowerCase()],
    statusCodes: [...RETRY_STATUSES],
    afterStatusCodes: [...RETRY_STATUSES],
    maxRetryAfter: policy.maxDelay,
    // Ours, whatever the runtime; a `Retry-After` past `maxDelay` ends the call at once (undefined: ky decides).
    shouldRetry: ({ error }) =>
      error instanceof NetworkError
        ? !PERMANENT.test(error.message)
        : error instanceof Error &&
            'response' in error &&
            error.response instanceof Response &&
            (retryAfterOf(error.response) ?? 0) * 1000 > policy.maxDelay
          ? false
          : undefined,
    // The jitter is in `delay`; ky's own `jitter` would run after its cap.
    delay: (retry: number) => backoffDelay(retry, policy),
    backoffLimit: policy.maxDelay,
    retryOnTimeout: false,
  }
}

const stringAt = (value: unknown, key: string) =>
  isRecord(value) && typeof value[key] === 'string' ? value[key].trim() || undefined : undefined

// What an error body says, whatever its shape: the API's envelope (possibly missing fields), a
// problem+json document (RFC 9457, as gateways and Prism send), or the first line of a text body.
function describeErrorBody(body: unknown, text: string | undefined): { code?: string; message?: string } {
  if (text !== undefined) {
    const line = text.trim().split('\n', 1)[0]?.trim() ?? ''
    // An HTML page's first line is markup, not a message.
    if (line === '' || line.startsWith('<')) return {}
    return { message: line.length > 200 ? `${line.slice(0, 200)}…` : line }
  }
  const error = isRecord(body) ? body.error : undefined
  const code = stringAt(error, 'code')
  const message = stringAt(error, 'message') ?? (typeof error === 'string' ? error : undefined)
  if (code !== undefined || message !== undefined) return { code, message }
  return { message: [stringAt(body, 'title'), stringAt(body, 'detail')].filter(Boolean).join(': ') || undefined }
}

// ky 2 hands the body over read (`HTTPError.data`: JSON, text or undefined); the token is masked wherever echoed.
function errorFromResponse(response: Response, data: unknown, { request, mask, shown, hint404 }: Attempt): ApiError {
  const masked = mask(typeof data === 'string' ? data : (JSON.stringify(data) ?? ''))
  const parsed = parseJsonText(masked)
  const text = parsed === NOT_JSON ? masked : undefined
  const body = text ?? parsed
  const { code, message } = describeErrorBody(body, text)
  const { status, statusText } = response
  const headers = shown(response.headers)
  const statusLine = [`HTTP ${status} ${statusText}`.trim(), message].filter(Boolean).join(': ')
  const said = code !== undefined && message !== undefined ? message : statusLine
  const retryAfter = retryAfterOf(response)
  const location = response.headers.get('location')
  // A browser's `manual` redirect is opaque: no status, no Location.
  const hint =
    (status > 300 && status < 400) || response.type === 'opaqueredirect'
      ? `redirected${location ? ` to ${mask(location)}` : ''}, not followed (only a GET within the origin is)`
      : status === 404
        ? hint404
        : retryAfter === undefined
          ? undefined
          : `retry after ${retryAfter} s`
  const details = { code: code ?? UNKNOWN_ERROR_CODE, message: said, status, body, retryAfter, hint, headers }
  return createApiError(details, request)
}

// fetch follows no redirect (`redirect: 'manual'`): a GET's is followed here within its origin; any other (a
// write would be sent again, the token to another host) is the 3xx answer, an error naming its Location.
async function followed(request: Request, fetcher: FetchFunction, hops = 5): Promise<Response> {
  const response = await fetcher(request)
  const to = response.status > 300 && response.status < 400 && response.headers.get('location')
  const next = to ? new URL(to, request.url) : undefined
  if (!next || !hops || request.method !== 'GET' || next.origin !== new URL(request.url).origin) return response
  await response.body?.cancel()
  return followed(new Request(next, request), fetcher, hops - 1)
}

interface Attempt {
  request: RequestDetails
  options: CallOptions
  timeout: number | false
  mask: (text: string) => string
  /** The answer's headers as the error keeps them: secrets hidden, the token masked (D2). */
  shown: (headers: Headers) => Headers
  hint404: string | undefined
}

function translateError(error: unknown, attempt: Attempt, { isHTTPError, isTimeoutError }: Ky) {
  const { request, options, timeout } = attempt
  // Whatever was under way (sending, retrying, reading the body), the caller's abort decides.
  if (options.signal?.aborted) return new AbortedError(options.signal.reason, request)
  if (error instanceof SessionLibraryError) return error
  if (isHTTPError(error)) return errorFromResponse(error.response, error.data, attempt)
  // ky's errors hold the request and so the Authorization header: never keep them as a cause.
  if (isTimeoutError(error)) return new TimeoutError(timeout || 0, request)
  return error
}

export function createCall(config: ResolvedConfig): Call {
  const log = resolveLog(config.logger, config.logLevel)
  const mask = tokenMask(config.token)
  const shown = (headers: Headers) => new Headers(redactHeaders(headers, config.redact, mask))
  const timedFetch = async (request: Request, init?: Record<string, unknown>) => {
    const clock = init?.[CLOCK] as AttemptClock
    clock.started = performance.now()
    try {
      // The clock is the only option ky hands over: the Request carries everything else.
      const response = await followed(request, config.fetch ?? globalThis.fetch)
      // A fetch of the caller's own may answer a Response it built (no url): what was asked is where.
      return response.url ? response : Object.defineProperty(response, 'url', { value: request.url })
    } catch (error) {
      throw !request.signal.aborted && isFetchFailure(error) ? new NetworkError(clock.request, error) : error
    }
  }
  let http: KyInstance | undefined
  const create = (ky: Ky) => {
    const hooks = kyHooks(config.hooks, log, mask, config.redact ?? [], ky.isHTTPError)
    return ky.default.create({ fetch: timedFetch as typeof fetch, ...(hooks && { hooks }) })
  }
  const own = { accept: 'application/json', authorization: `Bearer ${config.token}` }
  const clientHeaders = mergeHeaders(own, config.headers)
  const basePath = new URL(config.baseUrl).pathname.replace(/\/$/, '')
  const hint404 = basePath.endsWith('/api/v1')
    ? undefined
    : `the base URL may lack /api/v1: try ${config.baseUrl.replace(/\/api$/, '')}/api/v1`
  const retries = new Map(Object.values(routes).map((route) => [route.name, kyRetry(route, config.retry, undefined)]))
  const retryFor = (name: OperationName, call: CallOptions['retry']) =>
    call === undefined ? retries.get(name) : kyRetry(routes[name], config.retry, call)

  async function send(name: OperationName, input: Input, options: CallOptions) {
    const operation = routes[name]
    const relative = operationPath(name, (input.params ?? {}) as ParamsOf<typeof name>)
    const search = searchParams(input.query).toString()
    const url = `${config.baseUrl}${relative}${search && `?${search}`}`
    // What errors and log lines show of the request: a token given as an id or in the query masked (D2).
    const request = { operation: name, method: operation.method, path: mask(`${basePath}${relative}`), url: mask(url) }
    const timeout = options.timeout ?? config.timeout
    // Until fetch stamps an attempt, the clock reads the call's start (a hook may answer without fetch).
    const clock: AttemptClock = { started: performance.now(), request }
    // Only the keys that are set: ky copies its options object once per key it merges.
    const kyOptions: Record<string, unknown> = {
      method: operation.method,
      redirect: 'manual',
      headers: options.headers ? mergeHeaders(clientHeaders, options.headers) : clientHeaders,
      timeout,
      retry: retryFor(name, options.retry),
      [CLOCK]: clock,
    }
    if (input.body !== undefined) kyOptions.json = input.body
    if (options.signal) kyOptions.signal = options.signal
    let response: Response | undefined
    const ky = await loadKy()
    http ??= create(ky)
    try {
      // A fetch of the caller's own may not look at the signal: an aborted call sends nothing.
      options.signal?.throwIfAborted()
      response = await http(url, kyOptions)
      const msLeft = timeout === false ? undefined : timeout - (performance.now() - clock.started)
      const validate = options.validate ?? config.validate
      const read = { request, maxBytes: config.maxAnswerBytes, timeout, msLeft, validate }
      const data = await readAnswer(response, operation, read)
      log?.info?.('session-library: answer', {
        operation: name,
        method: request.method,
        url: mask(url),
        status: response.status,
      })
      return { data, response }
    } catch (error) {
      const failure = translateError(error, { request, options, timeout, mask, shown, hint404 }, ky)
      log?.error?.('session-library: failed', { method: request.method, url: request.url, error: String(failure) })
      const answered = response ?? (ky.isHTTPError(error) ? error.response : undefined)
      throw answered ? rememberResponse(failure, answered) : failure
    }
  }

  return (name, input, options = {}) => new ApiPromise(send(name, input as Input, options)) as never
}
