import type { Extras } from '../../cmdutil/operation-command.js'

export const waveformNotesPut: Extras = {
  examples: [
    'session-library waveform-notes put ses_1 --notes \'[{"timestamp":1.5,"text":"drop"}]\'',
    'session-library waveform-notes put ses_1 --variant prv_1 --notes @lane.json   # from a file',
  ],
}
