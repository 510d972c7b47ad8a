import { resolve } from 'node:path'
import type { OperationName } from '@session-library/schemas'
import type { ImportProgress, ImportRequest } from '@session-library/sdk'
import type { Context } from './command.js'
import type { Convenience } from './operation-commands.js'
import { wholeNumber } from './whole-number.js'

const variant = { aliases: { variant: 'variant-id' } } as const

// The SDK's wait reports first once the import is accepted, then each time more items have a session.
function progress(context: Context): (progress: ImportProgress) => void {
  let accepted = false
  return ({ importId, found, total }) => {
    if (!accepted) context.output.message(`import ${importId} accepted: ${total} items; watching the session list`)
    accepted = true
    context.output.message(`${found}/${total} items have a session`)
  }
}

/**
 * What the command line adds to the operations of the contract (friendlier names, whole-list and
 * waiting modes, default columns). Flags of the contract's fields are never written here: they are
 * derived from its schemas.
 *
 * @example `CONVENIENCES['sessions.list']?.columns // ['id', 'title', …]`
 */
export const CONVENIENCES: Partial<Record<OperationName, Convenience>> = {
  'sessions.list': {
    columns: ['id', 'title', 'kind', 'status', 'tags', 'lastOpened'],
    examples: [
      'session-library sessions list --sort -title --recent   # opened in the last 30 days, Z to A',
      'session-library sessions list --tags drums,vox --kind ableton',
      "session-library sessions list --all --json | jq -r '.title'",
      'session-library sessions list --fields id,title | cut -f2   # titles, one a line',
    ],
    flags: {
      all: {
        type: 'boolean',
        description:
          'Walk every page and print each session as it comes (NDJSON with --json); --limit is the page size.',
      },
    },
    description: 'With --all, every page, streamed.',
    async run(call, context) {
      if (context.values.all !== true) return false
      const { listAll } = await import('./list-all.js')
      await listAll(call, context)
      return true
    },
  },
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
  'waveform.get': variant,
  'waveformNotes.put': variant,
  'waveformNotes.patch': variant,
  'imports.start': {
    positionals: [
      {
        name: 'project',
        variadic: true,
        optional: true,
        file: true,
        description: 'Project files to import, each an item {projectPath} (made absolute), after those of --items.',
      },
    ],
    examples: [
      'session-library imports start ~/Music/*.als --wait   # import, then wait for the sessions',
      'session-library imports start --items \'[{"projectPath":"/music/a.als","title":"A"}]\'',
    ],
    amend(input, projects, cwd) {
      if (projects.length === 0) return
      const body = (input as { body?: Record<string, unknown> }).body ?? {}
      const items = Array.isArray(body.items) ? body.items : []
      body.items = [...items, ...projects.map((project) => ({ projectPath: resolve(cwd, project) }))]
      Object.assign(input, { body })
    },
    flags: {
      wait: {
        type: 'boolean',
        description:
          'Then watch the session list until a session has the projectPath of every item (the API has no progress endpoint).',
      },
      'wait-timeout': {
        type: 'string',
        value: '<s>',
        description: 'Give up waiting after this many seconds (default 300; exit 3).',
      },
      interval: { type: 'string', value: '<ms>', description: 'Time between two looks at the list (default 500).' },
    },
    description:
      'With --wait it then shows progress on stderr until every item has a session with its projectPath (or projectOriginalPath): ' +
      'the API has no progress endpoint, so it watches the session list, as works against the real application too.',
    async run(call, context) {
      if (context.values.wait !== true) return false
      const timeout = (wholeNumber(context.values['wait-timeout'], 'wait-timeout') ?? 300) * 1000
      const interval = wholeNumber(context.values.interval, 'interval') ?? 500
      const client = await context.client()
      const body = call.input.body as ImportRequest
      const sessions = await client.imports.startAndWait(body, { timeout, interval, onProgress: progress(context) })
      await context.output.data(sessions, ['id', 'title', 'kind', 'projectPath'])
      return true
    },
  },
}
