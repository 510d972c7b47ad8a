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
import { notesPut } from './notes/put.js'
import { notesSet } from './notes/set.js'
import { sessionsCreate } from './sessions/create.js'
import { sessionsDelete } from './sessions/delete.js'
import { sessionsList } from './sessions/list.js'
import { tagsAdd, tagsRemove } from './tags/edit.js'
import { tagsPut } from './tags/put.js'
import { waveformNotesPut } from './waveform-notes/put.js'

// What a command adds to the one generated from its operation, by operation id.
const EXTRAS: Partial<Record<OperationName, Extras>> = {
  'sessions.list': sessionsList,
  'sessions.create': sessionsCreate,
  'sessions.delete': sessionsDelete,
  'tags.put': tagsPut,
  'notes.put': notesPut,
  'waveformNotes.put': waveformNotesPut,
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
