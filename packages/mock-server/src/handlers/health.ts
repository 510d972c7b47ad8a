import { API_PREFIX } from '@session-library/schemas'
import type { HandlerTable } from './context.js'

/** The health snapshot (D17), its addresses derived from the request's URL. */
export const healthHandlers = {
  'health.get': ({ url, runtime }) => {
    const { settings, journal } = runtime
    const lastError = journal.lastError
    return {
      data: {
        status: 'ok',
        configuredMode: settings.configuredMode,
        effectiveMode: settings.effectiveMode,
        running: true,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        baseUrl: `${url.origin}${API_PREFIX}`,
        docsUrl: `${url.origin}/docs`,
        requestCount: journal.answered,
        recentRequests: journal.recent(),
        ...(lastError === undefined ? {} : { lastError }),
      },
    }
  },
} satisfies HandlerTable<'health.get'>
