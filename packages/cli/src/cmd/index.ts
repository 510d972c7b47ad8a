import { type OperationName, routes } from '@session-library/schemas/client'
import type { Command } from '../cmdutil/command.js'
import { type Extras, operationCommand } from '../cmdutil/operation-command.js'
import { api } from './api/api.js'
import { authLogin } from './auth/login.js'
import { authLogout } from './auth/logout.js'
import { authStatus } from './auth/status.js'
import { check } from './check/check.js'
import { clone } from './clone/clone.js'
import { complete } from './completion/complete.js'
import { completion } from './completion/completion.js'
import { importsStart } from './imports/start.js'
import { notesClear } from './notes/clear.js'
import { notesSet } from './notes/set.js'
import { sessionsList } from './sessions/list.js'
import { tagsAdd, tagsRemove } from './tags/edit.js'

// What a command adds to the one generated from its operation, by operation id: its examples, or
// its module's extras (flags, arguments, a run of its own).
const EXTRAS: Partial<Record<OperationName, Extras>> = {
  'sessions.list': sessionsList,
  'sessions.create': {
    examples: [
      'session-library sessions create --title "Night Drive" --kind ableton --tags drums,vox',
      'session-library sessions create --body @session.json',
    ],
  },
  'sessions.delete': { examples: ['session-library sessions delete ses_1 --yes'] },
  'tags.put': {
    examples: [
      'session-library tags put ses_1 --tags drums,vox',
      "session-library tags put ses_1 --tags '' --yes   # no tags",
    ],
  },
  'notes.put': {
    examples: [
      'session-library notes put ses_1 --notes @notes.md   # from a file',
      'session-library notes put ses_1 --notes null --yes   # clear them',
    ],
  },
  'waveformNotes.put': {
    examples: [
      'session-library waveform-notes put ses_1 --notes \'[{"timestamp":1.5,"text":"drop"}]\'',
      'session-library waveform-notes put ses_1 --variant prv_1 --notes @lane.json   # from a file',
    ],
  },
  'imports.start': importsStart,
}

/** Every command: one per operation of the contract, then those that are not one operation's. */
export const commands: readonly Command[] = [
  ...Object.values(routes).map((route) => operationCommand(route, EXTRAS[route.name as OperationName])),
  tagsAdd,
  tagsRemove,
  operationCommand(routes['notes.put'], notesSet),
  operationCommand(routes['notes.put'], notesClear),
  authLogin,
  authStatus,
  authLogout,
  api,
  completion,
  complete,
  check,
  clone,
]
