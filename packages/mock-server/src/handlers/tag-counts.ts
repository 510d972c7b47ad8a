import { compareText } from '@session-library/schemas'
import type { HandlerTable } from './context.js'

/** The tag counts over the whole library (D16): count descending, then tag ascending. */
export const tagCountHandlers = {
  'tagCounts.list': ({ runtime }) => {
    const counts = new Map<string, number>()
    for (const record of runtime.library.sessions.values()) {
      for (const tag of record.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
    const data = Array.from(counts, ([tag, count]) => ({ tag, count }))
    return { data: data.sort((a, b) => b.count - a.count || compareText(a.tag, b.tag)) }
  },
} satisfies HandlerTable<'tagCounts.list'>
