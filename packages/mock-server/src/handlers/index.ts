import type { OperationName } from '@session-library/schemas'
import type { HandlerTable } from './context.js'
import { healthHandlers } from './health.js'
import { importHandlers } from './imports.js'
import { previewHandlers } from './previews.js'
import { noteHandlers, tagHandlers } from './session-fields.js'
import { sessionHandlers } from './sessions.js'
import { tagCountHandlers } from './tag-counts.js'

/** One handler per operation of the endpoint table; the type makes a missing one a compile error. */
export const operationHandlers: HandlerTable<OperationName> = {
  ...healthHandlers,
  ...sessionHandlers,
  ...tagHandlers,
  ...noteHandlers,
  ...previewHandlers,
  ...importHandlers,
  ...tagCountHandlers,
}
