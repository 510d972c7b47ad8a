import type { Command } from '../command.js'
import { confirm, YES_FLAG } from '../confirm.js'
import { readStdin } from '../terminal.js'

const id = { name: 'id', description: 'The session identifier.' }

/** `notes set <id> <text|->`: the notes from the argument, or from stdin with `-`. */
export const notesSet: Command = {
  words: ['notes', 'set'],
  summary: 'Set the notes of a session',
  description:
    'Sets the notes of a session (notes put) to the text given, or with - to stdin (one final newline dropped). ' +
    'Requires full-automation mode.',
  positionals: [id, { name: 'text', description: 'The notes, or - to read them from stdin.', mayBeEmpty: true }],
  flags: () => ({}),
  examples: [
    'session-library notes set ses_1 "Bounce the stems first"',
    'session-library notes set ses_1 - < notes.txt   # from a file, newlines kept',
  ],
  async run({ positionals: [session = '', text = ''], client, output, io }) {
    const notes = text === '-' ? (await readStdin(io.stdin)).replace(/\r?\n$/, '') : text
    await output.data(await (await client()).notes.set(session, notes))
  },
}

/** `notes clear <id>`: the SDK's `notes.clear`. */
export const notesClear: Command = {
  words: ['notes', 'clear'],
  summary: 'Clear the notes of a session',
  description:
    'Clears the notes of a session (notes put with ""). Requires full-automation mode. ' +
    'On a terminal it asks first, unless --yes.',
  positionals: [id],
  flags: () => YES_FLAG,
  examples: ['session-library notes clear ses_1 --yes'],
  async run(context) {
    const {
      positionals: [session = ''],
      client,
      output,
    } = context
    await confirm(context, `Clear the notes of session ${session}?`)
    await output.data(await (await client()).notes.clear(session))
  },
}
