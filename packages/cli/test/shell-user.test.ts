// Each command a shell user types first, as it works now.
import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, TOKEN, useMock } from './support/cli.js'

const mock = useMock({ sessions: 12 })
const run = (...args: string[]) => runCli(args, { env: mock.env() })
const sessions = () => mock.server().api.snapshot().sessions as unknown as Session[]
const journalLength = () => mock.server().api.journal().length
const byTitle = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

describe('parsing as shells expect', () => {
  it('D10: --sort -title (a value beginning with -) sorts by title, descending', async () => {
    const [spaced, joined] = await Promise.all([
      run('sessions', 'list', '--sort', '-title', '--json', '--fields', 'title'),
      run('sessions', 'list', '--sort=-title', '--json', '--fields', 'title'),
    ])
    expect(spaced.code).toBe(0)
    const titles = (json(spaced) as Session[]).map((session) => session.title)
    expect(titles).toEqual(
      sessions()
        .map((session) => session.title)
        .sort(byTitle)
        .reverse()
        .slice(0, titles.length),
    )
    expect(json(joined)).toEqual(json(spaced))
  })

  it('D11: booleans bare (--recent), negated (--no-recent) or given (--recent=false), and the query sent says so', async () => {
    const queries = async (...args: string[]) => {
      const before = journalLength()
      const ran = await run('sessions', 'list', ...args, '--limit', '2', '--json')
      expect(ran.code).toBe(0)
      return mock.server().api.journal().slice(before)[0]?.query ?? ''
    }
    expect(new URLSearchParams(await queries('--recent')).get('recent')).toBe('true')
    expect(new URLSearchParams(await queries('--no-recent')).get('recent')).toBe('false')
    expect(new URLSearchParams(await queries('--recent=false')).get('recent')).toBe('false')
    expect(new URLSearchParams(await queries('--recent', '--sort', '-title')).get('sort')).toBe('-title')
  })

  it('D11: a contract boolean takes its value as the next argument too (--recent true, --recent 0), as its help says', async () => {
    const queries = async (...args: string[]) => {
      const before = journalLength()
      const ran = await run('sessions', 'list', ...args, '--limit', '2', '--json')
      expect(ran).toMatchObject({ code: 0, stderr: '' })
      return new URLSearchParams(mock.server().api.journal().slice(before)[0]?.query ?? '').get('recent')
    }
    expect(await queries('--recent', 'true')).toBe('true')
    expect(await queries('--recent', 'false')).toBe('false')
    expect(await queries('--recent', '1')).toBe('true')
    expect(await queries('--recent', '0')).toBe('false')
    expect(await queries('--recent=false')).toBe('false')
    const stray = await run('sessions', 'list', '--recent', 'maybe')
    expect(stray).toMatchObject({ code: 2, stdout: '' })
    expect(stray.stderr).toMatch(/^error: unexpected argument 'maybe'/)
    const help = await run('sessions', 'list', '--help')
    expect(help.stdout).toMatch(/--recent false or --no-recent sends false\./)
  })

  it('global flags anywhere: --url and --token before the command, --json between its words and arguments', async () => {
    const url = mock.server().url
    const session = sessions()[0] as Session
    const [before, between] = await Promise.all([
      runCli(['--url', url, '--token', TOKEN, 'sessions', 'list', '--json', '--limit', '2']),
      runCli(['--json', 'sessions', `--url=${url}`, 'get', session.id, '--token', TOKEN]),
    ])
    expect(before.code).toBe(0)
    expect(json(before)).toHaveLength(2)
    expect(json(between)).toMatchObject({ id: session.id })
  })

  it('D6: a list flag splits on commas on every command, and may repeat (sessions create, tags put, sessions list)', async () => {
    const created = await run('sessions', 'create', '--title', 'T', '--tags', 'a,b', '--tags', 'c', '--json')
    expect(created.code).toBe(0)
    const { id, tags } = json(created) as Session
    expect(tags).toEqual(['a', 'b', 'c'])
    expect(json(await run('tags', 'put', id, '--tags', 'x,y', '--json'))).toEqual({ id, tags: ['x', 'y'] })
    const listed = await run('sessions', 'list', '--tags', 'x,y', '--json', '--fields', 'id')
    expect(json(listed)).toEqual([{ id }])
  })
})

describe("usage errors before a request (exit 2, the contract's words, nothing sent)", () => {
  it.each([
    [['sessions', 'create'], /^error: title: /],
    [['sessions', 'list', '--limit', 'abc'], /^error: limit: /],
    [['sessions', 'list', '--sort', 'titel'], /^error: sort: /],
    [['sessions', 'update', 'ses_1', '--title', ''], /^error: title: /],
    [['imports', 'start'], /^error: items: /],
  ])("%s: exit 2 and the mock's journal stays empty", async (args, message) => {
    const before = journalLength()
    const ran = await run(...args)
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(message)
    expect(ran.stderr).toMatch(/Run 'session-library .+ --help' for usage\.\n$/)
    expect(journalLength()).toBe(before)
  })
})

describe('output for a pipe and for a terminal', () => {
  it('on a pipe: tab-separated rows, nothing padded, no header; a title with spaces stays one field (cut -f2)', async () => {
    await run('sessions', 'create', '--title', 'my song 3', '--json')
    const piped = await run('sessions', 'list', '--limit', '500')
    const rows = piped.stdout.trim().split('\n')
    expect(rows).toHaveLength(sessions().length)
    const titles = rows.map((row) => row.split('\t')[1])
    expect(titles).toContain('my song 3')
    expect(new Set(titles)).toEqual(new Set(sessions().map((session) => session.title)))
    expect(piped.stdout).not.toMatch(/ {2}/)
  })

  it("on a terminal: the aligned table, a note's newlines and tabs shown escaped, not broken across lines", async () => {
    const created = json(await run('sessions', 'create', '--title', 'Noted', '--json')) as Session
    await run('notes', 'set', created.id, 'one\ntwo\tthree')
    const table = await runCli(['notes', 'get', created.id], { env: { ...mock.env(), NO_COLOR: '1' }, tty: true })
    expect(table.stdout).toBe(`id     ${created.id}\nnotes  one\\ntwo\\tthree\n`)
  })

  it('--fields with an unknown name exits 2 naming the nearest and the valid fields', async () => {
    const ran = await run('sessions', 'list', '--fields', 'id,titel')
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(/^error: --fields: unknown field 'titel' \(did you mean 'title'\?\); valid: id, title, /)
    expect(ran.stderr).toMatch(/\nRun 'session-library sessions list --help' for usage\.\n$/)
    const one = await run('sessions', 'get', (sessions()[0] as Session).id, '--json', '--fields', 'nope')
    expect(one.code).toBe(2)
    // A field of the contract that this answer happens to lack is not unknown (health's lastError is optional).
    const optional = await run('health', '--json', '--fields', 'status,lastError')
    expect(optional).toMatchObject({ code: 0, stdout: '{"status":"ok"}\n' })
    const none = await run('sessions', 'list', '--q', 'no-such-title-anywhere', '--fields', 'titel')
    expect(none.code).toBe(2)
  })
})
