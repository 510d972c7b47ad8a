import { type Command, ID } from '../../cmdutil/command.js'

function tagsEdit(verb: 'add' | 'remove', summary: string, effect: string): Command {
  return {
    words: ['tags', verb],
    summary,
    description:
      `${effect} Two requests (tags get, then tags put), not atomic: a change made by someone else ` +
      'between the two is lost; use tags put when you know the whole list.',
    positionals: [ID, { name: 'tag', variadic: true, description: `The tags to ${verb}.`, complete: 'tags' }],
    flags: () => ({}),
    examples: [`session-library tags ${verb} ses_1 drums vox`],
    async run({ positionals: [session = '', ...tags], client, output }) {
      await output.data(await (await client()).tags[verb](session, tags))
    },
  }
}

export const tagsAdd = tagsEdit('add', 'Add tags to a session', 'Adds the tags to those the session has.')
export const tagsRemove = tagsEdit(
  'remove',
  'Remove tags from a session',
  'Removes the tags from those the session has.',
)
