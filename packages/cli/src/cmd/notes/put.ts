import type { Question } from '../../cmdutil/confirm.js'
import type { Extras } from '../../cmdutil/operation-command.js'

// "" or null clears the notes (D7); a text replaces them, which is what was asked for.
export const notesCleared: Question = async (call) => {
  const notes = call.input.body?.notes
  return notes === '' || notes === null ? `Clear the notes of session ${call.input.params.id ?? ''}?` : undefined
}

export const notesPut: Extras = {
  confirm: notesCleared,
  examples: [
    'session-library notes put ses_1 --notes @notes.md   # from a file',
    'session-library notes put ses_1 --notes null --yes   # clear them',
  ],
}

export const notesPatch: Extras = { confirm: notesCleared }
