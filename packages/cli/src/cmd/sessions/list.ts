import { UsageError } from '@session-library/internal'
import type { Context } from '../../cmdutil/command.js'
import { wholeNumber } from '../../cmdutil/flags.js'
import type { OperationCall } from '../../cmdutil/input.js'
import type { Extras } from '../../cmdutil/operation-command.js'

// Every page through the SDK's walk, each session printed as it comes, so that memory stays flat
// however long the list; pages of --limit (default the SDK's page size) from --offset. A server
// that breaks paging ends it with the SDK's PaginationError (exit 4) after what was printed.
async function listAll(call: OperationCall, context: Context): Promise<void> {
  const query = (call.input.query ?? {}) as Record<string, unknown>
  const limit = wholeNumber(query.limit, 'limit')
  const offset = wholeNumber(query.offset, 'offset')
  const client = await context.client()
  const sessions = client.sessions.iterate({
    ...query,
    ...(limit !== undefined && { limit }),
    ...(offset !== undefined && { offset }),
  })
  await context.output.stream(sessions, call.columns)
}

export const sessionsList: Extras = {
  columns: ['id', 'title', 'kind', 'status', 'tags', 'lastOpened'],
  examples: [
    'session-library sessions list --sort -title --recent   # opened in the last 30 days, Z to A',
    'session-library sessions list --tags drums,vox --kind ableton',
    "session-library sessions list --all --json | jq -r '.title'",
    "session-library sessions list --json --meta | jq '.meta.total'   # how many sessions match",
    'session-library sessions list --fields id,title | cut -f2   # titles, one a line',
  ],
  flags: {
    meta: {
      type: 'boolean',
      description: 'With --json, print the whole answer {data, meta}: the sessions and meta.total, limit and offset.',
    },
    all: {
      type: 'boolean',
      description: 'Walk every page and print each session as it comes (NDJSON with --json); --limit is the page size.',
    },
  },
  description: 'With --all, every page, streamed.',
  async run(call, context) {
    if (context.values.all !== true) return false
    if (context.values.meta === true) throw new UsageError('--meta: not with --all, whose lines are sessions')
    await listAll(call, context)
    return true
  },
}
