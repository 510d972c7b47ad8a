// Usage: pnpm example bulk-tag --search <text> (--add <tag> | --remove <tag>)... [--kind <kind>] [--tag <tag>]... [--apply]
// Adds or removes tags on every session that matches a search; a dry run that changes nothing unless --apply is given.
import { ApiError, type Session } from '@session-library/sdk'
import { runScript } from './lib/cli.js'
import { connect } from './lib/client.js'
import { UsageError } from './lib/failures.js'
import { describeFilters, FILTER_OPTIONS, filterQuery } from './lib/filters.js'
import { plural } from './lib/format.js'

interface Change {
  session: Session
  next: string[]
}

// Keeps the session's order of tags, drops the removed ones, appends the new ones at the end.
function retag(tags: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  return [...new Set([...tags.filter((tag) => !remove.includes(tag)), ...add])]
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n')
const showTags = (tags: readonly string[]) => (tags.length > 0 ? tags.join(', ') : '(none)')
const label = (session: Session) => `${session.title} (${session.id})`

// A 400 or 404 is this session's own problem (a tag the server refuses, a session deleted meanwhile):
// report it and go on. Anything else (read-only mode, a bad token, no server) stops the whole run.
async function write(client: ReturnType<typeof connect>['client'], { session, next }: Change): Promise<boolean> {
  try {
    const { tags } = await client.tags.replace(session.id, next)
    console.log(`  ✓ ${label(session)}: ${showTags(session.tags)} → ${showTags(tags)}`)
    return true
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) throw error
    console.log(`  ✗ ${label(session)}: ${error.code}: ${error.serverMessage}`)
    return false
  }
}

await runScript(
  import.meta.url,
  {
    ...FILTER_OPTIONS,
    add: { type: 'string', multiple: true, default: [] },
    remove: { type: 'string', multiple: true, default: [] },
    apply: { type: 'boolean', default: false },
  },
  async ({ values }) => {
    if (values.search === undefined) throw new UsageError('--search is required: it picks the sessions to change.')
    const add = values.add.map((tag) => tag.trim())
    const remove = values.remove.map((tag) => tag.trim())
    if (add.length + remove.length === 0) throw new UsageError('Give at least one --add <tag> or --remove <tag>.')
    const { client } = connect()

    const matching = await client.sessions.all({ ...filterQuery(values), sort: 'title' })
    const changes = matching
      .map((session): Change => ({ session, next: retag(session.tags, add, remove) }))
      .filter(({ session, next }) => !sameList(session.tags, next))
    const upToDate = matching.length - changes.length
    console.log(`${plural(matching.length, 'session')} ${describeFilters(values)}; ${upToDate} already up to date.`)

    if (!values.apply) {
      console.log('Dry run: nothing is written. Run again with --apply to make these changes.')
      for (const { session, next } of changes)
        console.log(`  ~ ${label(session)}: ${showTags(session.tags)} → ${showTags(next)}`)
      console.log(`Would change ${plural(changes.length, 'session')}.`)
      return
    }
    let written = 0
    for (const change of changes) if (await write(client, change)) written++
    console.log(`Changed ${plural(written, 'session')}.`)
    if (written < changes.length) process.exitCode = 1
  },
)
