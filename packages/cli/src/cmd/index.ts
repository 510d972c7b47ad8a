import { type OperationName, usages } from '@session-library/schemas/client'
import type { Command } from '../cmdutil/command.js'
import { convenienceCommand } from '../cmdutil/convenience-command.js'
import { type Extras, operationCommand } from '../cmdutil/operation-command.js'
import { api } from './api/api.js'
import { authLogin } from './auth/login.js'
import { authLogout } from './auth/logout.js'
import { authStatus } from './auth/status.js'
import { authToken } from './auth/token.js'
import { check } from './check/check.js'
import { clone } from './clone/clone.js'
import { complete } from './completion/complete.js'
import { completion } from './completion/completion.js'
import { importsStart } from './imports/start.js'
import { notesSet } from './notes/set.js'
import { pact, replay } from './replay/replay.js'
import { sessionsList } from './sessions/list.js'

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
  'sessions.update': {
    examples: [
      'session-library sessions update ses_1 --status mixing --tags drums,vox',
      "session-library sessions update ses_1 --notes '' --yes   # clear the notes",
    ],
  },
  'sessions.delete': { examples: ['session-library sessions delete ses_1 --yes'] },
  'tags.put': {
    examples: [
      'session-library tags replace ses_1 --tags drums,vox',
      "session-library tags replace ses_1 --tags '' --yes   # no tags",
    ],
  },
  'notes.put': notesSet,
  'waveformNotes.put': {
    examples: [
      'session-library waveform-notes replace ses_1 --notes \'[{"timestamp":1.5,"text":"drop"}]\' --yes',
      'session-library waveform-notes replace ses_1 --variant prv_1 --notes @lane.json --yes   # from a file',
    ],
  },
  'waveformNotes.patch': { examples: ['session-library waveform-notes patch ses_1 --notes @lane.json --yes'] },
  'imports.start': importsStart,
}

/**
 * Every command: one per call of the contract (each operation, and each convenience the CLI does not
 * leave out), then those that are not one operation's.
 */
export const commands: readonly Command[] = [
  ...usages
    .filter((usage) => !usage.convenience?.absent?.cli)
    .map((usage) =>
      usage.convenience ? convenienceCommand(usage) : operationCommand(usage, EXTRAS[usage.route.name]),
    ),
  authLogin,
  authStatus,
  authLogout,
  authToken,
  api,
  completion,
  complete,
  check,
  clone,
  replay,
  pact,
]
