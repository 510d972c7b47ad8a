import { UsageError } from '@session-library/internal'
import { readValue } from '../../cmdutil/input.js'
import type { Extras } from '../../cmdutil/operation-command.js'

export const notesSet: Extras = {
  description: 'The text may also follow the id: @file reads it from a file, - from stdin, "" clears them.',
  positionals: [
    {
      name: 'text',
      description: 'The notes, @file, or - to read them from stdin (instead of --notes).',
      mayBeEmpty: true,
      optional: true,
    },
  ],
  examples: [
    'session-library notes set ses_1 "Bounce the stems first"',
    'session-library notes set ses_1 @notes.md   # from a file',
    'session-library notes set ses_1 - < notes.txt   # from stdin, newlines kept',
    'session-library notes set ses_1 --notes null --yes   # clear them',
  ],
  async amend(input, [text], io) {
    if (text === undefined) return
    if (input.body?.notes !== undefined) throw new UsageError('give the notes once: as <text> or as --notes')
    input.body = { ...input.body, notes: await readValue(text, '<text>', io) }
  },
}
