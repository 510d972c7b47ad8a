import {
  endpoints,
  importBody,
  lossQuestion,
  type OperationName,
  routes,
  session,
  tagsBody,
  z,
} from '@session-library/schemas'
import type { ImportRequest } from '@session-library/sdk'
import { answerResult } from './results.js'
import { annotationsOf, groupOf, lossReader, type ToolSpec } from './tools.js'

const ID = z.string().check(z.minLength(1), z.describe("The session's id, as sessions_list gives it."))
type Convenience = Omit<ToolSpec, 'group' | 'outputSchema' | 'annotations'> & {
  readonly over: OperationName
  readonly destructive?: boolean
}

// tags add|remove: the SDK's two requests (tags get, then tags put); only the tags named change.
const tagsEdit = (verb: 'add' | 'remove', title: string, effect: string): Convenience => ({
  name: `tags_${verb}`,
  over: 'tags.put',
  title,
  description: `${effect} (tags_get, then tags_put: not atomic). Needs full-automation mode.`,
  inputSchema: z.strictObject({ id: ID, tags: tagsBody.def.shape.tags }),
  ...(verb === 'add' && { destructive: false }),
  async run({ id, tags }, { client }) {
    return answerResult({ data: await client.tags[verb](String(id), tags as string[]) })
  },
})

// What the CLI's commands of the same names do, over the SDK's methods and the contract's fields.
const CONVENIENCES: readonly Convenience[] = [
  tagsEdit('add', 'Add tags to a session', 'Adds the tags to those the session has'),
  tagsEdit('remove', 'Remove tags from a session', 'Removes the tags named from those the session has'),
  {
    name: 'notes_set',
    over: 'notes.put',
    title: 'Set the notes of a session',
    description:
      'Replaces the notes of a session with the text given. Needs full-automation mode. Asks the user first when "" would clear them.',
    inputSchema: z.strictObject({ id: ID, notes: z.string().check(z.describe('The new notes.')) }),
    async run({ id, notes }, context) {
      return notesPut(String(id), String(notes), context)
    },
  },
  {
    name: 'notes_clear',
    over: 'notes.put',
    title: 'Clear the notes of a session',
    description: 'Clears the notes of a session (notes_put with ""). Needs full-automation mode. Asks the user first.',
    inputSchema: z.strictObject({ id: ID }),
    async run({ id }, context) {
      return notesPut(String(id), '', context)
    },
  },
  {
    name: 'imports_startAndWait',
    over: 'imports.start',
    title: 'Import project files and wait for their sessions',
    description:
      'Starts a batch import, then watches the session list until every item has a session with its ' +
      'projectPath (the API has no progress endpoint); answers those sessions. Needs full-automation mode.',
    inputSchema: z.extend(importBody, {
      timeout: z.optional(z.int().check(z.minimum(1), z.describe('Give up after this many seconds (default 300).'))),
    }),
    destructive: false,
    async run({ timeout, ...body }, { client }) {
      const wait = typeof timeout === 'number' ? { timeout: timeout * 1000 } : {}
      return answerResult({ data: await client.imports.startAndWait(body as unknown as ImportRequest, wait) })
    },
  },
]

async function notesPut(id: string, notes: string, context: Parameters<ToolSpec['run']>[1]) {
  const input = { params: { id }, body: { notes } }
  const refused = await context.confirm(await lossQuestion('notes.put', input, lossReader(context.client)))
  return refused ?? answerResult({ data: await context.client.notes.set(id, notes) })
}

const SESSIONS = z.object({ data: z.array(session.tolerant) })

/** The tools that are not one operation's: the CLI's conveniences, annotated as their operation. */
export const convenienceTools: readonly ToolSpec[] = CONVENIENCES.map(({ over, destructive, ...tool }) => {
  const operation = endpoints[over]
  const annotations = { ...annotationsOf(operation), title: tool.title }
  return {
    ...tool,
    group: groupOf(over),
    outputSchema: over === 'imports.start' ? SESSIONS : routes[over].answer.tolerant,
    annotations: destructive === undefined ? annotations : { ...annotations, destructiveHint: destructive },
  }
})
