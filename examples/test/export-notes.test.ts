import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, startLibrary, type TestLibrary } from './helpers/library.js'
import { runExample } from './helpers/run-example.js'

let library: TestLibrary
beforeAll(async () => {
  library = await startLibrary(FIXTURES)
})
afterAll(() => library.close())

// The Markdown's sections: each `## Title` heading with the text under it.
function sections(markdown: string): Map<string, string> {
  const parts = markdown.split(/^## /m).slice(1)
  return new Map(parts.map((part) => [part.slice(0, part.indexOf('\n')), part.slice(part.indexOf('\n') + 1)]))
}

describe('export-notes', () => {
  it('D11: writes one Markdown file with a section per matching session, by title, each with its notes', async () => {
    const out = join(library.folder, 'synthwave.md')
    const { code, stdout } = await runExample('export-notes', ['--tag', 'synthwave', '--out', out], library.env)
    expect(code).toBe(0)
    expect(stdout).toBe(`Wrote the notes of 3 sessions (1 without notes) to ${out}\n`)
    const markdown = await readFile(out, 'utf8')
    expect(markdown).toMatch(/^# Session notes\n\nExported .* UTC: 3 sessions, tagged synthwave\.\n/)
    const found = sections(markdown)
    expect([...found.keys()]).toEqual(['Neon Nights', 'Night Drive', 'Old Demo'])
    for (const session of library.sessions.filter((candidate) => found.has(candidate.title))) {
      const body = found.get(session.title) ?? ''
      expect(body).toContain(`\`${session.id}\``)
      expect(body).toContain(session.notes || '_No notes._')
    }
  })

  it('D11: --recent narrows the set to the last 30 days; --skip-empty leaves out sessions without notes', async () => {
    const out = join(library.folder, 'recent.md')
    const { code } = await runExample('export-notes', ['--recent', '--skip-empty', '--out', out], library.env)
    expect(code).toBe(0)
    const found = sections(await readFile(out, 'utf8'))
    expect([...found.keys()]).toEqual(['Client Jingle', 'Night Drive', 'Sunday Morning'])
    expect(found.get('Client Jingle')).toContain('Due Friday.\nKeep it under 30 s.')
  })
})
