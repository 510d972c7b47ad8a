import { applyPatch, listSessions, newSessionRecord, toSession } from '../store/sessions.js'
import type { HandlerTable } from './context.js'

/** Sessions: list (D9–D11), create (D5), read, partial update (D8) and delete (D14 for lanes). */
export const sessionHandlers = {
  'sessions.list': ({ query, runtime }) => {
    const recent = { now: runtime.clock.now(), days: runtime.settings.recentDays }
    const page = listSessions(runtime.library.sessions, query, recent)
    return { data: page.items.map(toSession), meta: { total: page.total, limit: page.limit, offset: page.offset } }
  },
  'sessions.create': async ({ body, runtime }) => {
    const { library, clock } = runtime
    const record = await library.sessions.insert(newSessionRecord(library.newId('ses'), clock.iso(), body))
    return { data: toSession(record) }
  },
  'sessions.get': ({ params, runtime }) => ({ data: toSession(runtime.library.readSession(params.id)) }),
  'sessions.update': ({ params, body, runtime }) => {
    const { library } = runtime
    // D8: `{}` changes nothing, so it is no change for onChange either.
    if (Object.keys(body).length === 0) return { data: toSession(library.readSession(params.id)) }
    return { data: toSession(library.updateSession(params.id, (draft) => applyPatch(draft, body))) }
  },
  'sessions.delete': ({ params, runtime }) => {
    runtime.library.deleteSession(params.id)
    return { data: { deleted: true, id: params.id } }
  },
} satisfies HandlerTable<'sessions.list' | 'sessions.create' | 'sessions.get' | 'sessions.update' | 'sessions.delete'>
