import type { OperationName } from '@session-library/schemas'
import type { HandlerTable } from './context.js'
import { healthHandlers } from './health.js'
import { importHandlers } from './imports.js'
import { noteHandlers } from './notes.js'
import { previewHandlers } from './preview.js'
import { sessionHandlers } from './sessions.js'
import { tagCountHandlers } from './tag-counts.js'
import { tagHandlers } from './tags.js'
import { waveformHandlers } from './waveform.js'
import { waveformNoteHandlers } from './waveform-notes.js'

/** One handler per operation of the endpoint table; the type makes a missing one a compile error. */
export const operationHandlers: HandlerTable<OperationName> = {
  ...healthHandlers,
  ...sessionHandlers,
  ...tagHandlers,
  ...noteHandlers,
  ...previewHandlers,
  ...waveformHandlers,
  ...waveformNoteHandlers,
  ...importHandlers,
  ...tagCountHandlers,
}
