// Usage: pnpm example list-recent [--search <text>] [--kind <kind>] [--tag <tag>]... [--sort <key>] [--limit <n>] [--all-time]
// Lists recently opened sessions as a table, newest first (filters, sort and page size from the command line).
import { SORT_KEYS } from '@session-library/schemas'
import type { Session, SortKey } from '@session-library/sdk'
import { runScript, wholeNumber } from './lib/cli.js'
import { connect } from './lib/client.js'
import { UsageError } from './lib/failures.js'
import { describeFilters, FILTER_OPTIONS, filterQuery } from './lib/filters.js'
import { plural, shortDate } from './lib/format.js'
import { type Column, formatTable } from './lib/table.js'

const COLUMNS: Column<Session>[] = [
  { header: 'Last opened', cell: (session) => shortDate(session.lastOpened) },
  { header: 'Title', cell: (session) => session.title, max: 36 },
  { header: 'Kind', cell: (session) => session.kind },
  { header: 'Status', cell: (session) => session.status },
  { header: 'Tags', cell: (session) => session.tags.join(', '), max: 32 },
  { header: 'Id', cell: (session) => session.id },
]

// The contract's sort keys, so a typo fails here with the list instead of as a 400 from the server.
function sortKey(value: string): SortKey {
  const key = value.replace(/^-/, '')
  if (!(SORT_KEYS as readonly string[]).includes(key)) {
    throw new UsageError(`--sort must be one of ${SORT_KEYS.join(', ')}, with a leading - for descending`)
  }
  return value as SortKey
}

await runScript(
  import.meta.url,
  {
    ...FILTER_OPTIONS,
    sort: { type: 'string', default: '-lastOpened' },
    limit: { type: 'string' },
    'all-time': { type: 'boolean', default: false },
  },
  async ({ values }) => {
    const limit = wholeNumber(values.limit, '--limit', 20)
    const sort = sortKey(values.sort)
    const recent = !values['all-time']
    const { client } = connect()
    const { data: sessions, meta } = await client.sessions.list({ ...filterQuery(values), recent, sort, limit })

    const scope = [recent ? 'Sessions opened recently' : 'All sessions', describeFilters(values)].filter(Boolean)
    console.log(`${scope.join(', ')}; sorted by ${sort}: ${meta.total} found`)
    if (sessions.length === 0) {
      console.log(recent ? 'Nothing here. Try --all-time, or loosen the filters.' : 'Nothing here.')
      return
    }
    console.log(`\n${formatTable(sessions, COLUMNS)}\n`)
    const more = meta.total - sessions.length
    if (more > 0) console.log(`Showing ${sessions.length}; ${plural(more, 'more session')} with a higher --limit.`)
  },
)
