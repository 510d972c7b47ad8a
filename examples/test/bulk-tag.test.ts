import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, startLibrary, type TestLibrary } from './helpers/library.js'
import { runExample } from './helpers/run-example.js'

let library: TestLibrary
beforeAll(async () => {
  library = await startLibrary(FIXTURES)
})
afterEach(() => library.server.api.setMode('full-automation'))
afterAll(() => library.close())

// The example run as a user would, against the test library.
const run = (args: readonly string[]) => runExample('bulk-tag', args, library.env)

// Every session's tags by title, read through the API.
async function tagsByTitle(): Promise<Record<string, string[]>> {
  const sessions = await library.client.sessions.all()
  return Object.fromEntries(sessions.map((session) => [session.title, session.tags]))
}

const RETAG = ['--search', 'night', '--add', 'late-night', '--remove', 'wip']

// One file, one library: the tests run in order, the real run after the dry run.
describe('bulk-tag', () => {
  it('D11: a dry run by default: prints what would change and writes nothing', async () => {
    const before = await tagsByTitle()
    const { code, stdout } = await run(RETAG)
    expect(code).toBe(0)
    expect(stdout).toContain('2 sessions matching "night"; 0 already up to date.')
    expect(stdout).toContain('Dry run: nothing is written.')
    expect(stdout).toMatch(/~ Neon Nights \(\S+\): synthwave → synthwave, late-night/)
    expect(stdout).toMatch(/~ Night Drive \(\S+\): synthwave, wip → synthwave, late-night/)
    expect(stdout).toContain('Would change 2 sessions.')
    expect(await tagsByTitle()).toEqual(before)
  })

  it('D1, D6: refuses to write in read-only mode, changes nothing, and says why (exit 1)', async () => {
    const before = await tagsByTitle()
    library.server.api.setMode('read-only')
    const { code, stderr } = await run([...RETAG, '--apply'])
    expect(code).toBe(1)
    expect(stderr).toContain(
      '403 read_only: Enable Full Automation to perform this action. (tags.put PUT /api/v1/sessions/',
    )
    expect(await tagsByTitle()).toEqual(before)
  })

  it('D6: with --apply, changes exactly the matching sessions, and a second run has nothing to do', async () => {
    const before = await tagsByTitle()
    const { code, stdout } = await run([...RETAG, '--apply'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/✓ Night Drive \(\S+\): synthwave, wip → synthwave, late-night/)
    expect(stdout).toContain('Changed 2 sessions.')
    expect(await tagsByTitle()).toEqual({
      ...before,
      'Night Drive': ['synthwave', 'late-night'],
      'Neon Nights': ['synthwave', 'late-night'],
    })
    const again = await run(RETAG)
    expect(again.stdout).toContain('2 sessions matching "night"; 2 already up to date.')
  })

  it('D6: reports a tag the server refuses for each session, and exits 1', async () => {
    const { code, stdout } = await run(['--search', 'jingle', '--add', 'a,b', '--apply'])
    expect(code).toBe(1)
    expect(stdout).toMatch(/✗ Client Jingle \(\S+\): invalid_json: tags\[\d\]: must not contain a comma/)
    expect(stdout).toContain('Changed 0 sessions.')
  })

  it('asks for --search and a tag to add or remove (exit 2)', async () => {
    const noSearch = await run(['--add', 'x'])
    expect(noSearch.code).toBe(2)
    expect(noSearch.stderr).toContain('--search is required')
    const noTag = await run(['--search', 'night'])
    expect(noTag.code).toBe(2)
    expect(noTag.stderr).toContain('Usage: pnpm example bulk-tag')
  })
})
