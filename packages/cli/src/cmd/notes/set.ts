import { readValue } from '../../cmdutil/input.js'
import type { Extras } from '../../cmdutil/operation-command.js'

export const notesSet: Extras = {
  words: ['notes', 'set'],
  summary: 'Set the notes of a session',
  description:
    'Sets the notes of a session (notes put) to the text given: @file reads it from a file, - from stdin ' +
    '(one final newline dropped), @@text sends @text; "" clears them. Requires full-automation mode.',
  fieldFlags: false,
  positionals: [{ name: 'text', description: 'The notes, @file, or - to read them from stdin.', mayBeEmpty: true }],
  examples: [
    'session-library notes set ses_1 "Bounce the stems first"',
    'session-library notes set ses_1 @notes.md   # from a file',
    'session-library notes set ses_1 - < notes.txt   # from stdin, newlines kept',
  ],
  async amend(input, [text = ''], io) {
    input.body = { notes: await readValue(text, '<text>', io) }
  },
}
