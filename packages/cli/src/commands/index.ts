import type { Command } from '../command.js'
import { authLogin } from './auth/login.js'
import { authLogout } from './auth/logout.js'
import { authStatus } from './auth/status.js'
import { check } from './check.js'
import { clone } from './clone.js'
import { completion } from './completion.js'
import { notesClear, notesSet } from './notes-set.js'
import { tagsAdd, tagsRemove } from './tags-edit.js'

// Commands that are not one operation of the endpoint table. To add one: write a module in this folder
// that exports a `Command` (see ../command.ts; keep heavy imports inside `run`, as `await import(…)`,
// so that other commands start fast) and list it here.
export const extraCommands: readonly Command[] = [
  tagsAdd,
  tagsRemove,
  notesSet,
  notesClear,
  authLogin,
  authStatus,
  authLogout,
  completion,
  check,
  clone,
]
