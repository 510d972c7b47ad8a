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

function loggerHooks(logger: Logger): KyHooks {
  return {
    beforeRequest: [
      (request, _options, { retryCount }) => {
        logger.debug('session-library: request', {
          method: request.method,
          url: request.url,
          attempt: retryCount + 1,
          headers: redactHeaders(request.headers),
        })
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        logger.debug('session-library: response', { method: request.method, url: request.url, status: response.status })
      },
    ],
    beforeRetry: [
      ({ request, error, retryCount }) => {
        const status = isHTTPError(error) ? error.response.status : undefined
        logger.debug('session-library: retry', { method: request.method, url: request.url, retryCount, status })
      },
    ],
  }
}

// Our hook types stand in front of ky's so that a change of ky's hook signatures stays ours to absorb.
function userHooks(hooks: Hooks): KyHooks {
  return {
    beforeRequest: (hooks.beforeRequest ?? []).map((hook) => async (request) => {
      const result = await hook(request)
      return result instanceof Request || result instanceof Response ? result : undefined
    }),
    afterResponse: (hooks.afterResponse ?? []).map((hook) => async (request, _options, response) => {
      const result = await hook(request, response)
      return result instanceof Response ? result : undefined
    }),
    beforeRetry: (hooks.beforeRetry ?? []).map((hook) => async ({ request, error, retryCount }) => {
      await hook({ request, retryCount, status: isHTTPError(error) ? error.response.status : undefined })
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
