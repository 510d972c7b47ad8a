import { API_PREFIX, compareText } from '@session-library/schemas'
import type { HandlerTable } from './context.js'

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

/**
 * The operations on no one session: the health snapshot (D17, its addresses derived from the
 * request's URL), a batch import (D15: answered 202 with its first progress, items run in the
 * background) and the tag counts (D16: count descending, then tag ascending).
 */
export const libraryWideHandlers = {
  'health.get': ({ url, runtime }) => {
    const { settings, journal } = runtime
    const lastError = journal.lastError
    return {
      data: {
        status: 'ok',
        configuredMode: settings.configuredMode,
        effectiveMode: settings.effectiveMode,
        running: true,
        port: portOf(url),
        baseUrl: `${url.origin}${API_PREFIX}`,
        docsUrl: `${url.origin}/docs`,
        requestCount: journal.answered,
        recentRequests: journal.recent(),
        ...(lastError === undefined ? {} : { lastError }),
      },
    }
  },
  'imports.start': async ({ body, runtime }) => {
    const { createdSessionIds: _created, ...result } = await runtime.imports.start(body)
    return { data: result }
  },
  'tagCounts.list': ({ runtime }) => {
    const counts = new Map<string, number>()
    for (const record of runtime.library.sessions.values()) {
      for (const tag of record.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
    const data = Array.from(counts, ([tag, count]) => ({ tag, count }))
    return { data: data.sort((a, b) => b.count - a.count || compareText(a.tag, b.tag)) }
  },
} satisfies HandlerTable<'health.get' | 'imports.start' | 'tagCounts.list'>
