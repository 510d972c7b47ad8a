import { describe, expect, it } from 'vitest'
import { runCli, useMock } from '../../test/support/cli.js'

const mock = useMock({ sessions: 3 })
const run = (...args: string[]) => runCli(args, { env: mock.env() })
const sessions = () => mock.server().api.snapshot().sessions

describe('--json a,b, --jq and --template on every command that prints data (as gh)', () => {
  it('sessions list --json id,title --jq ".[].title" prints the titles, raw, one a line', async () => {
    const ran = await run('sessions', 'list', '--json', 'id,title', '--jq', '.[].title', '--sort', 'title')
    expect(ran).toMatchObject({ code: 0, stderr: '' })
    expect(ran.stdout).toBe(
      `${sessions()
        .map((session) => session.title)
        .sort()
        .join('\n')}\n`,
    )
  })

  it('--json a,b is --json --fields a,b; an unknown name lists the valid ones (exit 2)', async () => {
    const [listed, old] = await Promise.all([
      run('sessions', 'list', '--json', 'id,title'),
      run('sessions', 'list', '--json', '--fields', 'id,title'),
    ])
    expect(listed.stdout).toBe(old.stdout)
    expect(Object.keys(JSON.parse(listed.stdout)[0])).toEqual(['id', 'title'])
    const wrong = await run('sessions', 'list', '--json', 'id,titel')
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toMatch(
      /^error: --fields: unknown field 'titel' \(did you mean 'title'\?\); valid: id, title, /,
    )
  })

  it('--template prints a line per session, each {{ expr }} a jq expression; on one record, one line', async () => {
    const ran = await run('sessions', 'list', '--template', '{{.id}}: {{.tags | length}} tags', '--sort', 'title')
    expect(ran.code).toBe(0)
    const sorted = [...sessions()].sort((a, b) => a.title.localeCompare(b.title))
    expect(ran.stdout).toBe(sorted.map((session) => `${session.id}: ${session.tags.length} tags\n`).join(''))
    expect((await run('health', '--template', 'the API is {{.status}}')).stdout).toBe('the API is ok\n')
  })

  it('--all --jq filters each session as it streams', async () => {
    const ran = await run('sessions', 'list', '--all', '--limit', '1', '--jq', '.id')
    expect(ran.stdout.trim().split('\n').sort()).toEqual(
      sessions()
        .map((session) => session.id)
        .sort(),
    )
  })

  it('an expression that does not compile is a usage error before anything is sent; --jq with --template too', async () => {
    const before = mock.server().api.journal().length
    const ran = await run('sessions', 'list', '--jq', '.[')
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(/^error: --jq: syntax error/)
    const both = await run('health', '--jq', '.', '--template', 'x')
    expect(both.stderr).toBe(
      "error: give --jq or --template, not both\nRun 'session-library health --help' for usage.\n",
    )
    expect(mock.server().api.journal()).toHaveLength(before)
  })

  it('raw strings keep their lines but not a control character a terminal would act on', async () => {
    const id = sessions()[0]?.id as string
    await run('sessions', 'update', id, '--title', 'a\u001b]0;pwned\u0007b')
    const ran = await run('sessions', 'get', id, '--jq', '.title, "two\\nlines"')
    expect(ran.stdout).toBe('a\\e]0;pwned\\x07b\ntwo\nlines\n')
  })
})
