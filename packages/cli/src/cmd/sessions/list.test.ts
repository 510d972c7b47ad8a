import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { runCli, useMock } from '../../../test/support/cli.js'

const TOTAL = 130
const mock = useMock({ sessions: TOTAL })
const run = (...args: string[]) => runCli(args, { env: mock.env() })
const listRequests = () =>
  mock
    .server()
    .api.journal()
    .filter((entry) => entry.operation === 'sessions.list')

describe('sessions list --all: every page, streamed', () => {
  it('--json prints NDJSON, one session a line, every session once, across pages of --limit (D9, D10)', async () => {
    const before = listRequests().length
    const answer = await run('sessions', 'list', '--all', '--limit', '50', '--sort', 'title', '--json')
    expect(answer.code).toBe(0)
    const lines = answer.stdout.trim().split('\n')
    expect(lines).toHaveLength(TOTAL)
    const sessions = lines.map((line) => JSON.parse(line) as Session)
    expect(new Set(sessions.map((session) => session.id)).size).toBe(TOTAL)
    const titles = sessions.map((session) => session.title.toLowerCase())
    expect(titles).toEqual([...titles].sort())
    const pages = listRequests().slice(before)
    expect(pages.map((entry) => new URLSearchParams(entry.query).get('offset'))).toEqual(['0', '50', '100'])
  })

  it('filters apply to every page, and --fields keeps only those keys on each line', async () => {
    const answer = await run('sessions', 'list', '--all', '--kind', 'ableton', '--json', '--fields', 'id,kind')
    const expected = mock
      .server()
      .api.snapshot()
      .sessions.filter((session) => session.kind === 'ableton').length
    const lines = answer.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as object)
    expect(lines).toHaveLength(expected)
    for (const line of lines) expect(line).toEqual({ id: expect.any(String), kind: 'ableton' })
  })

  it('without --json: one table, its header once, a row per session; on a pipe tab-separated, the header with --header', async () => {
    const [table, piped] = await Promise.all([
      runCli(['sessions', 'list', '--all', '--limit', '40'], { env: { ...mock.env(), NO_COLOR: '1' }, tty: true }),
      run('sessions', 'list', '--all', '--limit', '40', '--header'),
    ])
    const [header, ...rows] = table.stdout.trim().split('\n')
    expect(header).toMatch(/^id {2,}title {2,}kind {2,}status {2,}tags {2,}lastOpened$/)
    expect(rows).toHaveLength(TOTAL)
    const [head, ...lines] = piped.stdout.trim().split('\n')
    expect(head).toBe('id\ttitle\tkind\tstatus\ttags\tlastOpened')
    expect(lines).toHaveLength(TOTAL)
    for (const line of lines) expect(line.split('\t')).toHaveLength(6)
  })
})
