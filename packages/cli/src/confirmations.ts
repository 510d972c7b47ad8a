import type { Route } from '@session-library/schemas/client'
import type { Context } from './command.js'
import type { OperationCall } from './request-input.js'

type Question = (call: OperationCall, context: Context) => Promise<string | undefined>

const idOf = (call: OperationCall) => call.input.params.id ?? ''
const bodyOf = (call: OperationCall) => (call.input.body ?? {}) as Record<string, unknown>

// D6: PUT and PATCH both replace the list; only the tags it drops are lost.
const tagsLost: Question = async (call, context) => {
  const wanted = (bodyOf(call).tags ?? []) as string[]
  const { tags } = await (await context.client()).tags.get(idOf(call))
  const lost = tags.filter((tag) => !wanted.includes(tag))
  return lost.length > 0 ? `Remove ${lost.join(', ')} from session ${idOf(call)}?` : undefined
}

// D7: "" or null clears the notes (a text replaces them, which is what was asked for).
const notesCleared: Question = async (call) => {
  const { notes } = bodyOf(call)
  return notes === '' || notes === null ? `Clear the notes of session ${idOf(call)}?` : undefined
}

// The lane is replaced whole: an empty list removes every note of it.
const laneCleared: Question = async (call) => {
  const { notes } = bodyOf(call)
  return Array.isArray(notes) && notes.length === 0 ? `Remove every waveform note of session ${idOf(call)}?` : undefined
}

// Keyed by the resource (the route's path), so that every method replacing it, PUT and its PATCH
// twin alike, asks the same question; a DELETE always asks.
const REPLACING: Record<string, Question> = {
  '/sessions/{id}/tags': tagsLost,
  '/sessions/{id}/notes': notesCleared,
  '/sessions/{id}/waveform-notes': laneCleared,
}

const deleted: Question = async (call) => `Delete ${call.name.split('.')[0]?.replace(/s$/, '')} ${idOf(call)}?`

/**
 * The question an operation asks on a terminal before it deletes or replaces data the command line
 * did not name (see confirm.ts), derived from its route; none for an operation that loses nothing.
 *
 * @example `confirmationOf(routes['tags.patch'])?.(call, context) // 'Remove b from session ses_1?'`
 */
export function confirmationOf(route: Route): Question | undefined {
  if (route.method === 'DELETE') return deleted
  return route.method === 'PUT' || route.method === 'PATCH' ? REPLACING[route.path] : undefined
}
