import type { OperationName } from './contract/routes.js'

/** The parts of a call the rule reads: its path parameters and body. */
export interface LossInput {
  readonly params?: Readonly<Record<string, string>>
  readonly body?: Readonly<Record<string, unknown>>
}

/** What the rule may need to read first: a session's tags, for a write that replaces them. */
export interface LossReader {
  /** The tags the session has now. */
  tags(id: string): Promise<readonly string[]>
}

type Loss = (input: LossInput, id: string, read: LossReader) => Promise<string | undefined>

// PUT and PATCH both replace the list (D6): only the tags it drops are lost.
const tagsLost: Loss = async (input, id, read) => {
  const wanted = (input.body?.tags ?? []) as readonly string[]
  const lost = (await read.tags(id)).filter((tag) => !wanted.includes(tag))
  return lost.length > 0 ? `Remove ${lost.join(', ')} from session ${id}?` : undefined
}

// "" or null clears the notes (D7); a text replaces them, which is what was asked for.
const notesCleared: Loss = async (input, id) => {
  const notes = input.body?.notes
  return notes === '' || notes === null ? `Clear the notes of session ${id}?` : undefined
}

// The lane is replaced whole: an empty list removes every note of it.
const laneCleared: Loss = async (input, id) => {
  const notes = input.body?.notes
  return Array.isArray(notes) && notes.length === 0 ? `Remove every waveform note of session ${id}?` : undefined
}

const LOSSES: Partial<Record<OperationName, Loss>> = {
  'sessions.delete': async (_, id) => `Delete session ${id}?`,
  'tags.put': tagsLost,
  'tags.patch': tagsLost,
  'notes.put': notesCleared,
  'notes.patch': notesCleared,
  'waveformNotes.put': laneCleared,
  'waveformNotes.patch': laneCleared,
}

/** Whether an operation may destroy data its request does not name, so that a client asks first. */
export const mayLoseData = (name: OperationName): boolean => LOSSES[name] !== undefined

/**
 * The question to ask before a call that would destroy data its request did not name (a delete, a
 * replacement that drops tags, clears the notes or empties a lane); `undefined` when it loses
 * nothing. The CLI asks it on a terminal (unless `--yes`), the MCP server through elicitation.
 *
 * @example
 * ```ts
 * import { lossQuestion } from '@session-library/schemas/client'
 * await lossQuestion('notes.put', { params: { id: 'ses_1' }, body: { notes: '' } }, reader) // 'Clear the notes of session ses_1?'
 * ```
 */
export function lossQuestion(name: OperationName, input: LossInput, read: LossReader): Promise<string | undefined> {
  return LOSSES[name]?.(input, input.params?.id ?? '', read) ?? Promise.resolve(undefined)
}
