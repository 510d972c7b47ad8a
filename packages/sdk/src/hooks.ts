import { isHTTPError, type Hooks as KyHooks } from 'ky'
import type { Hooks, Logger } from './options.js'

/**
 * A copy of the headers safe to log: the `Authorization` value is replaced.
 *
 * @example
 * ```ts
 * import { redactHeaders } from '@session-library/sdk'
 * redactHeaders(new Headers({ authorization: 'Bearer secret' })) // { authorization: 'Bearer [redacted]' }
 * ```
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const safe: Record<string, string> = {}
  headers.forEach((value, name) => {
    safe[name] = name.toLowerCase() === 'authorization' ? 'Bearer [redacted]' : value
  })
  return safe
}

const statusOf = (error: unknown) => (isHTTPError(error) ? error.response.status : undefined)

function loggerHooks(logger: Logger): KyHooks {
  // `void`: whatever `debug` returns, ky must not take it for a replacement Request or Response.
  const log = (event: string, request: Request, details: Record<string, unknown>) =>
    void logger.debug(`session-library: ${event}`, { method: request.method, url: request.url, ...details })
  return {
    beforeRequest: [
      (request, _options, { retryCount }) =>
        log('request', request, { attempt: retryCount + 1, headers: redactHeaders(request.headers) }),
    ],
    afterResponse: [(request, _options, response) => log('response', request, { status: response.status })],
    beforeRetry: [({ request, error, retryCount }) => log('retry', request, { retryCount, status: statusOf(error) })],
  }
}

// Our hook types stand in front of ky's so that a change of ky's hook signatures stays ours to absorb.
function userHooks(hooks: Hooks): KyHooks {
  return {
    // ky itself ignores results that are neither a Request (before) nor a Response.
    beforeRequest: (hooks.beforeRequest ?? []).map(
      (hook) => async (request) => (await hook(request)) as Request | undefined,
    ),
    afterResponse: (hooks.afterResponse ?? []).map(
      (hook) => async (request, _options, response) => (await hook(request, response)) as Response | undefined,
    ),
    beforeRetry: (hooks.beforeRetry ?? []).map((hook) => async ({ request, error, retryCount }) => {
      await hook({ request, retryCount, status: statusOf(error) })
    }),
  }
}

/**
 * ky's hooks for the client. The logger's come first: ky skips the later `beforeRequest` hooks once one returns a Request.
 *
 * @example `ky.create({ hooks: kyHooks(options.hooks, options.logger) })`
 */
export function kyHooks(hooks: Hooks | undefined, logger: Logger | undefined): KyHooks {
  const parts = [logger ? loggerHooks(logger) : {}, hooks ? userHooks(hooks) : {}]
  return {
    beforeRequest: parts.flatMap((part) => part.beforeRequest ?? []),
    afterResponse: parts.flatMap((part) => part.afterResponse ?? []),
    beforeRetry: parts.flatMap((part) => part.beforeRetry ?? []),
  }
}
