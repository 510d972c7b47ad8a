import { fieldHandlers } from './session-fields.js'

/** A session's tags (D6): read, and set with PUT or PATCH alike. */
export const tagHandlers = fieldHandlers('tags')
