import { countTags } from '../store/tag-counts.js'
import type { HandlerTable } from './context.js'

/** The library-wide tag counts (D16). */
export const tagCountHandlers = {
  'tagCounts.list': ({ runtime }) => ({ data: countTags(runtime.library.sessions.values()) }),
} satisfies HandlerTable<'tagCounts.list'>
