import type { HandlerTable } from './context.js'

/** A batch import (D15): answered 202 with its first progress, its items run in the background. */
export const importHandlers = {
  'imports.start': async ({ body, runtime }) => {
    const { createdSessionIds: _created, ...result } = await runtime.imports.start(body)
    return { data: result }
  },
} satisfies HandlerTable<'imports.start'>
