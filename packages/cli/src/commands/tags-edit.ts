import type { Command } from '../command.js'

const id = { name: 'id', description: 'The session identifier.' }

function tagsEdit(verb: 'add' | 'remove', summary: string, effect: string): Command {
  return {
    words: ['tags', verb],
    summary,
    description:
      `${effect} Two requests (tags get, then tags put), not atomic: a change made by someone else ` +
      'between the two is lost; use tags put when you know the whole list.',
    positionals: [id, { name: 'tag', variadic: true, description: `The tags to ${verb}.` }],
    flags: () => ({}),
    examples: [`session-library tags ${verb} ses_1 drums vox`],
    async run({ positionals: [session = '', ...tags], client, output }) {
      await output.data(await (await client()).tags[verb](session, tags))
    },
  }
}

/** `tags add <id> <tag>...`: the SDK's `tags.add`. */
export const tagsAdd = tagsEdit('add', 'Add tags to a session', 'Adds the tags to those the session has.')

/** `tags remove <id> <tag>...`: the SDK's `tags.remove`. */
export const tagsRemove = tagsEdit(
  'remove',
  'Remove tags from a session',
  'Removes the tags from those the session has.',
)
