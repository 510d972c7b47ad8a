import type { HandlerTable, OperationHandler } from './context.js'

const setNotes: OperationHandler<'notes.put' | 'notes.patch'> = ({ params, body, runtime }) => {
  const record = runtime.library.updateSession(params.id, (draft) => {
    draft.notes = body.notes
  })
  return { data: { id: record.id, notes: record.notes } }
}

/** A session's notes (D7): read, and set or clear (`""` or `null`) with PUT or PATCH alike. */
export const noteHandlers = {
  'notes.get': ({ params, runtime }) => {
    const record = runtime.library.requireSession(params.id)
    return { data: { id: record.id, notes: record.notes } }
  },
  'notes.put': setNotes,
  'notes.patch': setNotes,
} satisfies HandlerTable<'notes.get' | 'notes.put' | 'notes.patch'>
