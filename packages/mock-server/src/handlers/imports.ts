import type { HandlerTable } from './context.js'

/** Batch import (D15): answers 202 with the import's first progress; items run in the background. */
export const importHandlers = {
  'imports.start': async ({ body, runtime }) => {
    const { createdSessionIds: _created, ...result } = await runtime.imports.start(body)
    return { data: result }
  },
} satisfies HandlerTable<'imports.start'>
