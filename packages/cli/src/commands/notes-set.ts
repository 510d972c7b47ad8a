import type { Command } from '../command.js'
import { readStdin } from '../terminal.js'

const id = { name: 'id', description: 'The session identifier.' }

/** `notes set <id> <text|->`: the notes from the argument, or from stdin with `-`. */
export const notesSet: Command = {
  words: ['notes', 'set'],
  summary: 'Set the notes of a session',
  description:
    'Sets the notes of a session (notes put) to the text given, or with - to stdin (one final newline dropped). ' +
    'Requires full-automation mode.',
  positionals: [id, { name: 'text', description: 'The notes, or - to read them from stdin.' }],
  flags: () => ({}),
  async run({ positionals: [session = '', text = ''], client, output }) {
    const notes = text === '-' ? (await readStdin()).replace(/\r?\n$/, '') : text
    await output.data(await (await client()).notes.set(session, notes))
  },
}

/** `notes clear <id>`: the SDK's `notes.clear`. */
export const notesClear: Command = {
  words: ['notes', 'clear'],
  summary: 'Clear the notes of a session',
  description: 'Clears the notes of a session (notes put with ""). Requires full-automation mode.',
  positionals: [id],
  flags: () => ({}),
  async run({ positionals: [session = ''], client, output }) {
    await output.data(await (await client()).notes.clear(session))
  },
}
