import type { Extras } from '../../cmdutil/operation-command.js'

export const notesClear: Extras = {
  words: ['notes', 'clear'],
  summary: 'Clear the notes of a session',
  description: 'Clears the notes of a session (notes put with ""). Requires full-automation mode.',
  fieldFlags: false,
  examples: ['session-library notes clear ses_1 --yes'],
  amend(input) {
    input.body = { notes: '' }
  },
}
