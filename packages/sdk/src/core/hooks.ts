import { type BeforeRetryState, isHTTPError, type Hooks as KyHooks } from 'ky'
import { redactHeaders } from './headers.js'
import type { Log } from './log.js'
import type { Hooks } from './options.js'

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

/**
 * ky's hooks for the client: the log's lines (retries from `warn`, attempts and answers at
 * `debug`), then the caller's hooks. The log's come first: ky skips the later `beforeRequest`
 * hooks once one returns a Request.
 *
 * @example `const hooks = kyHooks(options.hooks, resolveLog(options.logger, 'debug'), options.redact)`
 */
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
