// Usage: pnpm example export-notes [--out <file.md>] [--search <text>] [--kind <kind>] [--tag <tag>]... [--recent] [--skip-empty]
// Exports the notes of a filtered set of sessions to one Markdown file, a section per session, sorted by title.
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Session } from '@session-library/sdk'
import { runScript } from './lib/cli.js'
import { connect } from './lib/client.js'
import { describeFilters, FILTER_OPTIONS, filterQuery } from './lib/filters.js'
import { plural, shortDate } from './lib/format.js'

function section(session: Session): string {
  const facts = [
    session.kind,
    session.status,
    `last opened ${shortDate(session.lastOpened)}`,
    session.tags.length > 0 && `tags: ${session.tags.join(', ')}`,
    `\`${session.id}\``,
  ].filter(Boolean)
  const notes = session.notes.trim() || '_No notes._'
  return `## ${session.title}\n\n${facts.join(' · ')}\n\n${notes}\n`
}

function document(sessions: readonly Session[], scope: string): string {
  const header = `# Session notes\n\nExported ${shortDate(new Date().toISOString())} UTC: ${plural(sessions.length, 'session')}${scope ? `, ${scope}` : ''}.\n`
  return [header, ...sessions.map(section)].join('\n')
}

await runScript(
  import.meta.url,
  {
    ...FILTER_OPTIONS,
    out: { type: 'string', short: 'o', default: 'session-notes.md' },
    recent: { type: 'boolean', default: false },
    'skip-empty': { type: 'boolean', default: false },
  },
  async ({ values }) => {
    const { client } = connect()
    const query = { ...filterQuery(values), ...(values.recent && { recent: true }), sort: 'title' } as const
    const matching = await client.sessions.all(query)
    const sessions = values['skip-empty'] ? matching.filter((session) => session.notes.trim() !== '') : matching
    const scope = [values.recent && 'opened recently', describeFilters(values)].filter(Boolean).join(', ')

    const file = resolve(values.out)
    await writeFile(file, document(sessions, scope))
    const empty = sessions.filter((session) => session.notes.trim() === '').length
    console.log(`Wrote the notes of ${plural(sessions.length, 'session')} (${empty} without notes) to ${file}`)
  },
)
