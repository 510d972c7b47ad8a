import type { OperationName } from '@session-library/schemas'
import type { HandlerTable } from './context.js'
import { libraryWideHandlers } from './library-wide.js'
import { previewHandlers } from './previews.js'
import { noteHandlers, tagHandlers } from './session-fields.js'
import { sessionHandlers } from './sessions.js'

/** One handler per operation of the endpoint table; the type makes a missing one a compile error. */
export const operationHandlers: HandlerTable<OperationName> = {
  ...libraryWideHandlers,
  ...sessionHandlers,
  ...tagHandlers,
  ...noteHandlers,
  ...previewHandlers,
}
