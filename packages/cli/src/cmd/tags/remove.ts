import { tagsEdit } from './add.js'

export const tagsRemove = tagsEdit(
  'remove',
  'Remove tags from a session',
  'Removes the tags from those the session has.',
)
