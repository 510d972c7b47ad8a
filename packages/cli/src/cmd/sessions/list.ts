import type { Context } from '../../cmdutil/command.js'
import { wholeNumber } from '../../cmdutil/flags.js'
import type { OperationCall } from '../../cmdutil/input.js'
import type { Extras } from '../../cmdutil/operation-command.js'

// Every page through the SDK's `iterate`, each session printed as it comes, so that memory stays
// flat however long the list; pages of --limit (default the largest the API allows) from --offset.
async function listAll(call: OperationCall, context: Context): Promise<void> {
  const { LIMITS } = await import('@session-library/schemas')
  const query = (call.input.query ?? {}) as Record<string, unknown>
  const limit = wholeNumber(query.limit, 'limit') ?? LIMITS.listLimitMax
  const offset = wholeNumber(query.offset, 'offset') ?? 0
  const client = await context.client()
  await context.output.stream(client.sessions.iterate({ ...query, limit, offset }), call.columns)
}

export const sessionsList: Extras = {
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
      description: 'Walk every page and print each session as it comes (NDJSON with --json); --limit is the page size.',
    },
  },
  description: 'With --all, every page, streamed.',
  async run(call, context) {
    if (context.values.all !== true) return false
    await listAll(call, context)
    return true
  },
}
