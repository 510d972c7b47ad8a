import type { Question } from '../../cmdutil/confirm.js'
import type { Extras } from '../../cmdutil/operation-command.js'

// The lane is replaced whole: an empty list removes every note of it.
const laneCleared: Question = async (call) => {
  const notes = call.input.body?.notes
  const id = call.input.params.id ?? ''
  return Array.isArray(notes) && notes.length === 0 ? `Remove every waveform note of session ${id}?` : undefined
}

export const waveformNotesPut: Extras = {
  aliases: { variant: 'variant-id' },
  confirm: laneCleared,
  examples: [
    'session-library waveform-notes put ses_1 --notes \'[{"timestamp":1.5,"text":"drop"}]\'',
    'session-library waveform-notes put ses_1 --variant prv_1 --notes @lane.json   # from a file',
  ],
}

export const waveformNotesPatch: Extras = { ...waveformNotesPut, examples: undefined }
