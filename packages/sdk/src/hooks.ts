import { isHTTPError, type Hooks as KyHooks } from 'ky'
import { redactHeaders } from './headers.js'
import type { Hooks, Logger } from './options.js'

function loggerHooks(logger: Logger, redact: readonly string[]): KyHooks {
  return {
    beforeRequest: [
      (request, _options, { retryCount }) => {
        logger.debug('session-library: request', {
          method: request.method,
          url: request.url,
          attempt: retryCount + 1,
          headers: redactHeaders(request.headers, redact),
        })
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        logger.debug('session-library: response', {
          method: request.method,
          url: request.url,
          status: response.status,
          headers: redactHeaders(response.headers, redact),
        })
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
 * @example `ky.create({ hooks: kyHooks(options.hooks, options.logger, options.redact) })`
 */
export function kyHooks(
  hooks: Hooks | undefined,
  logger: Logger | undefined,
  redact: readonly string[] = [],
): KyHooks | undefined {
  // None at all rather than empty lists: ky merges an instance's hooks into every call's options.
  if (!hooks && !logger) return undefined
  const parts = [logger ? loggerHooks(logger, redact) : {}, hooks ? userHooks(hooks) : {}]
  return {
    beforeRequest: parts.flatMap((part) => part.beforeRequest ?? []),
    afterResponse: parts.flatMap((part) => part.afterResponse ?? []),
    beforeRetry: parts.flatMap((part) => part.beforeRetry ?? []),
  }
}
