import { fieldHandlers } from './session-fields.js'

/** A session's notes (D7): read, and set with PUT or PATCH alike (cleared by `""` or `null`). */
export const noteHandlers = fieldHandlers('notes')
