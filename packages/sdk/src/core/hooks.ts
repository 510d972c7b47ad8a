import type { AfterResponseHook, BeforeRequestHook, BeforeRetryHook, isHTTPError, Hooks as KyHooks } from 'ky'
import { redactHeaders } from './headers.js'
import { type Hooks, LOG_LEVELS, type Logger, type LogLevel } from './options.js'

type Line = (message: string, details: Record<string, unknown>) => void

// Only the levels that are on: a call checks one field and builds nothing when logging is off.
type Log = Partial<Record<Exclude<LogLevel, 'off'>, Line>>

const stderrLogger: Logger = { debug: (message, details) => console.error(message, JSON.stringify(details)) }

export function resolveLog(logger: Logger | undefined, level: LogLevel | undefined): Log | undefined {
  const from = level ?? (logger ? 'debug' : 'off')
  if (from === 'off') return undefined
  const target = logger ?? stderrLogger
  const log: Log = {}
  for (const name of LOG_LEVELS.slice(LOG_LEVELS.indexOf(from), -1) as (keyof Log)[]) {
    const method = target[name] ?? target.debug
    log[name] = (message, details) => method.call(target, message, details)
  }
  return log
}

// Our hook types stand in front of ky's, so that a change of ky's hook signatures stays ours to absorb. None at
// all rather than empty lists: ky merges an instance's hooks into every call's options. ky 2 runs `beforeRequest`
// once a call: what runs before each attempt (the request's log line, our hooks) runs again from `beforeRetry`.
export function kyHooks(
  hooks: Hooks | undefined,
  log: Log | undefined,
  mask: (text: string) => string,
  redact: readonly string[],
  isHttpError: typeof isHTTPError,
) {
  if (!hooks && !log?.warn) return undefined
  const before: BeforeRequestHook[] = []
  const after: AfterResponseHook[] = []
  const retry: BeforeRetryHook[] = []
  const { warn, debug } = log ?? {}
  const statusOf = (error: unknown) => (isHttpError(error) ? error.response.status : undefined)
  // The log's hooks come first: ky skips the later `beforeRequest` hooks once one returns a Request.
  if (warn)
    retry.push(({ request: { method, url }, error, retryCount }) => {
      warn('session-library: retry', { method, url: mask(url), retryCount, status: statusOf(error) })
    })
  if (debug) {
    const shown = (headers: Headers) => redactHeaders(headers, redact, mask)
    const attempt = ({ method, url, headers }: Request, attempt: number) =>
      debug('session-library: request', { method, url: mask(url), attempt, headers: shown(headers) })
    before.push(({ request }) => attempt(request, 1))
    retry.push(({ request, retryCount }) => attempt(request, retryCount + 1))
    after.push(({ request: { method, url }, response: { status, headers } }) => {
      debug('session-library: response', { method, url: mask(url), status, headers: shown(headers) })
    })
  }
  const beforeAttempt = async ({ request }: { request: Request }) => {
    for (const hook of hooks?.beforeRequest ?? []) {
      const result = await hook(request)
      if (result instanceof Request || result instanceof Response) return result
    }
    return undefined
  }
  if (hooks?.beforeRequest?.length) before.push(beforeAttempt)
  for (const hook of hooks?.afterResponse ?? [])
    after.push(async ({ request, response }) => {
      const result = await hook(request, response)
      return result instanceof Response ? result : undefined
    })
  for (const hook of hooks?.beforeRetry ?? [])
    retry.push(async ({ request, error, retryCount }) => {
      await hook({ request, retryCount, status: statusOf(error) })
    })
  if (hooks?.beforeRequest?.length) retry.push(beforeAttempt)
  return { beforeRequest: before, afterResponse: after, beforeRetry: retry } satisfies KyHooks
}
