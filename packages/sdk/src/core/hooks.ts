import { type BeforeRetryState, isHTTPError, type Hooks as KyHooks } from 'ky'
import { redactHeaders } from './headers.js'
import type { Hooks, Logger, LogLevel } from './options.js'

type Line = (message: string, details: Record<string, unknown>) => void

// One function per level that is on, the others absent: a call checks one field and builds
// nothing when logging is off.
export interface Log {
  debug?: Line
  info?: Line
  warn?: Line
  error?: Line
}

const ORDER = ['debug', 'info', 'warn', 'error'] as const

// Node's console.debug and console.info write to stdout, which a script's output owns.
const stderrLogger: Logger = { debug: (message, details) => console.error(message, details) }

// The given logger (every level when no level is set) or stderr (when only a level is set), from `level` up.
export function resolveLog(logger: Logger | undefined, level: LogLevel | undefined): Log | undefined {
  const from = level ?? (logger ? 'debug' : 'off')
  if (from === 'off') return undefined
  const target = logger ?? stderrLogger
  const log: Log = {}
  for (const name of ORDER.slice(ORDER.indexOf(from))) {
    const method = target[name] ?? target.debug
    log[name] = (message, details) => method.call(target, message, details)
  }
  return log
}

function debugHooks(debug: NonNullable<Log['debug']>, redact: readonly string[]): KyHooks {
  const requestLine = (request: Request, attempt: number) =>
    debug('session-library: request', {
      method: request.method,
      url: request.url,
      attempt,
      headers: redactHeaders(request.headers, redact),
    })
  return {
    // ky 2 runs beforeRequest once a call: a retry's request line is written by beforeRetry.
    beforeRequest: [({ request }) => requestLine(request, 1)],
    afterResponse: [
      ({ request, response }) => {
        debug('session-library: response', {
          method: request.method,
          url: request.url,
          status: response.status,
          headers: redactHeaders(response.headers, redact),
        })
      },
    ],
    beforeRetry: [({ request, retryCount }) => requestLine(request, retryCount + 1)],
  }
}

function retryHooks(warn: NonNullable<Log['warn']>): KyHooks {
  return {
    beforeRetry: [
      ({ request, error, retryCount }) => {
        const status = isHTTPError(error) ? error.response.status : undefined
        warn('session-library: retry', { method: request.method, url: request.url, retryCount, status })
      },
    ],
  }
}

// Our hook types stand in front of ky's so that a change of ky's hook signatures stays ours to absorb.
// ky 2 runs `beforeRequest` once a call, before its retry loop: ours run before every attempt, so a
// retry runs them again from `beforeRetry` (which may also return a Request or a Response).
function userHooks(hooks: Hooks): KyHooks {
  const beforeAttempt = async (request: Request): Promise<Request | Response | undefined> => {
    for (const hook of hooks.beforeRequest ?? []) {
      const result = await hook(request)
      if (result instanceof Request || result instanceof Response) return result
    }
    return undefined
  }
  return {
    beforeRequest: hooks.beforeRequest?.length ? [({ request }) => beforeAttempt(request)] : [],
    afterResponse: (hooks.afterResponse ?? []).map((hook) => async ({ request, response }) => {
      const result = await hook(request, response)
      return result instanceof Response ? result : undefined
    }),
    beforeRetry: [
      ...(hooks.beforeRetry ?? []).map((hook) => async ({ request, error, retryCount }: BeforeRetryState) => {
        await hook({ request, retryCount, status: isHTTPError(error) ? error.response.status : undefined })
      }),
      ...(hooks.beforeRequest?.length ? [({ request }: BeforeRetryState) => beforeAttempt(request)] : []),
    ],
  }
}

// The log's hooks come before the caller's: ky skips the later `beforeRequest` hooks once one
// returns a Request.
export function kyHooks(
  hooks: Hooks | undefined,
  log: Log | undefined,
  redact: readonly string[] = [],
): KyHooks | undefined {
  // None at all rather than empty lists: ky merges an instance's hooks into every call's options.
  if (!hooks && !log?.warn) return undefined
  const parts = [
    log?.warn ? retryHooks(log.warn) : {},
    log?.debug ? debugHooks(log.debug, redact) : {},
    hooks ? userHooks(hooks) : {},
  ]
  return {
    beforeRequest: parts.flatMap((part) => part.beforeRequest ?? []),
    afterResponse: parts.flatMap((part) => part.afterResponse ?? []),
    beforeRetry: parts.flatMap((part) => part.beforeRetry ?? []),
  }
}
