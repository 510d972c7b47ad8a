import type { Question } from '../../cmdutil/confirm.js'
import type { Extras } from '../../cmdutil/operation-command.js'

// PUT and PATCH both replace the list (D6): only the tags it drops are lost.
const tagsLost: Question = async (call, context) => {
  const id = call.input.params.id ?? ''
  const wanted = (call.input.body?.tags ?? []) as string[]
  const { tags } = await (await context.client()).tags.get(id)
  const lost = tags.filter((tag) => !wanted.includes(tag))
  return lost.length > 0 ? `Remove ${lost.join(', ')} from session ${id}?` : undefined
}

export const tagsPut: Extras = {
  confirm: tagsLost,
  examples: [
    'session-library tags put ses_1 --tags drums,vox',
    "session-library tags put ses_1 --tags '' --yes   # no tags",
  ],
}

export const tagsPatch: Extras = { confirm: tagsLost }
