import type { HandlerTable, OperationHandler } from './context.js'

const replaceTags: OperationHandler<'tags.put' | 'tags.patch'> = ({ params, body, runtime }) => {
  const record = runtime.library.updateSession(params.id, (draft) => {
    draft.tags = body.tags
  })
  return { data: { id: record.id, tags: record.tags } }
}

/** A session's tags (D6): read, and replace with PUT or PATCH alike. */
export const tagHandlers = {
  'tags.get': ({ params, runtime }) => {
    const record = runtime.library.requireSession(params.id)
    return { data: { id: record.id, tags: record.tags } }
  },
  'tags.put': replaceTags,
  'tags.patch': replaceTags,
} satisfies HandlerTable<'tags.get' | 'tags.put' | 'tags.patch'>
