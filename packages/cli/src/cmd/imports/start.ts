import { resolve } from 'node:path'
import type { ImportProgress, ImportRequest } from '@session-library/sdk'
import type { Context } from '../../cmdutil/command.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'
import { wholeNumber } from '../../cmdutil/flags.js'
import type { Extras } from '../../cmdutil/operation-command.js'

// The SDK's wait reports first once the import is accepted, then each time more items have a session.
function progress(context: Context): (progress: ImportProgress) => void {
  let accepted = false
  return ({ importId, found, total }) => {
    const items = `${total} ${total === 1 ? 'item' : 'items'}`
    if (!accepted) context.output.message(`import ${importId} accepted: ${items}; watching the session list`)
    accepted = true
    context.output.message(`${found}/${total} items have a session`)
  }
}

// A wait that ran out is data a script acts on (wait again with the SDK, or report): the import's id
// and the paths still without a session on stdout (`--json`: one object; else a path a line), exit 3.
async function timedOut(error: unknown, context: Context): Promise<never> {
  const { ImportWaitTimeoutError } = await import('@session-library/sdk')
  if (!(error instanceof ImportWaitTimeoutError)) throw error
  const { importId, missing } = error
  await context.output.data(context.output.json ? { importId, missing } : missing)
  throw new CliError(error.message, EXIT.network)
}

export const importsStart: Extras = {
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
    'session-library imports start --items @items.json',
  ],
  amend(input, projects, io) {
    if (projects.length === 0) return
    const body = input.body ?? {}
    const items = Array.isArray(body.items) ? body.items : []
    body.items = [...items, ...projects.map((project) => ({ projectPath: resolve(io.cwd, project) }))]
    input.body = body
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
      description:
        'Give up waiting after this many seconds (default 300): exit 3, the paths still missing on stdout (--json: {importId, missing}).',
    },
    interval: { type: 'string', value: '<ms>', description: 'Time between two looks at the list (default 500).' },
  },
  description:
    'With --wait it then shows progress on stderr until every item has a session with its projectPath (or projectOriginalPath): ' +
    'the API has no progress endpoint, so it watches the session list, as works against the real application too.',
  async run(call, context) {
    if (context.values.wait !== true) return false
    const timeout = (wholeNumber(context.values['wait-timeout'], 'wait-timeout', 's') ?? 300) * 1000
    const interval = wholeNumber(context.values.interval, 'interval', 'ms') ?? 500
    const client = await context.client()
    const body = call.input.body as ImportRequest
    const sessions = await client.imports
      .startAndWait(body, { timeout, interval, onProgress: progress(context) })
      .catch((error: unknown) => timedOut(error, context))
    await context.output.data(sessions, ['id', 'title', 'kind', 'projectPath'])
    return true
  },
}
