import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, startLibrary, type TestLibrary } from './helpers/library.js'
import { runExample } from './helpers/run-example.js'

let library: TestLibrary
beforeAll(async () => {
  library = await startLibrary(FIXTURES)
})
afterAll(() => library.close())

// The example run as a user would, against the test library.
const run = (args: readonly string[]) => runExample('list-recent', args, library.env)

// The titles in the table's rows, top to bottom (a row starts with its "Last opened" date).
const titlesIn = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => /^\d{4}-\d\d-\d\d \d\d:\d\d {2}/.test(line))
    .map((line) => FIXTURES.find((fixture) => line.includes(`  ${fixture.title}  `))?.title)

describe('list-recent', () => {
  it('D10, D11: lists the sessions opened in the last 30 days, newest first, as a table', async () => {
    const { code, stdout } = await run([])
    expect(code).toBe(0)
    expect(stdout).toContain('Sessions opened recently; sorted by -lastOpened: 4 found')
    expect(stdout).toMatch(/^Last opened\s+Title\s+Kind\s+Status\s+Tags\s+Id$/m)
    expect(titlesIn(stdout)).toEqual(['Night Drive', 'Client Jingle', 'Neon Nights', 'Sunday Morning'])
    expect(stdout).toContain(`2026-11-20 10:00  Night Drive`)
  })

  it('D10, D11: passes --kind, --all-time and --sort to the server', async () => {
    const { code, stdout } = await run(['--kind', 'ableton', '--all-time', '--sort', 'title'])
    expect(code).toBe(0)
    expect(titlesIn(stdout)).toEqual(['Neon Nights', 'Night Drive', 'Old Demo'])
  })

  it('D11: --tag and --search combine with AND', async () => {
    const { stdout } = await run(['--tag', 'wip', '--search', 'night'])
    expect(stdout).toContain('matching "night", tagged wip')
    expect(titlesIn(stdout)).toEqual(['Night Drive'])
  })

  it('D9: --limit cuts the page and says how many more there are', async () => {
    const { stdout } = await run(['--limit', '2'])
    expect(titlesIn(stdout)).toEqual(['Night Drive', 'Client Jingle'])
    expect(stdout).toContain('Showing 2; 2 more sessions with a higher --limit.')
  })

  it('D10: refuses an unknown --sort key before asking the server, with the usage (exit 2)', async () => {
    const { code, stderr } = await run(['--sort', 'color'])
    expect(code).toBe(2)
    expect(stderr).toContain('--sort must be one of title, lastOpened, kind, status')
    expect(stderr).toContain('Usage: pnpm example list-recent')
  })

  it('D2: without SESSION_LIBRARY_TOKEN, says how to get one (exit 1)', async () => {
    const { code, stdout, stderr } = await runExample('list-recent', [], { SESSION_LIBRARY_URL: library.server.url })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain('SESSION_LIBRARY_TOKEN is not set.')
  })

  it('D2: with a wrong token, names the variable to check and never prints a token (exit 1)', async () => {
    const env = { ...library.env, SESSION_LIBRARY_TOKEN: 'not-the-token' }
    const { code, stderr } = await runExample('list-recent', [], env)
    expect(code).toBe(1)
    expect(stderr).toContain('401 unauthorized')
    expect(stderr).toContain('check SESSION_LIBRARY_TOKEN')
    expect(stderr).not.toContain('not-the-token')
  })
})
