import type { Session } from '@session-library/schemas'
import { DEFAULT_PAGE_SIZE } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { runCli, TOKEN, useMock } from '../../../test/support/cli.js'
import { answer, useRawServer } from '../../../test/support/raw-server.js'

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

  it("without --limit: client.sessions.iterate()'s pages of DEFAULT_PAGE_SIZE, one request for this library (D9)", async () => {
    const before = listRequests().length
    const answer = await run('sessions', 'list', '--all', '--json')
    expect(answer.stdout.trim().split('\n')).toHaveLength(TOTAL)
    const pages = listRequests().slice(before)
    expect(pages.map((entry) => new URLSearchParams(entry.query).get('limit'))).toEqual([String(DEFAULT_PAGE_SIZE)])
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

describe('sessions list --json --meta: the whole answer, for a script that needs meta.total', () => {
  it('--json alone prints the sessions as before; with --meta {data, meta}, --fields applying to the sessions', async () => {
    const [plain, withMeta] = await Promise.all([
      run('sessions', 'list', '--limit', '2', '--json'),
      run('sessions', 'list', '--limit', '2', '--json', '--meta', '--fields', 'id'),
    ])
    expect(JSON.parse(plain.stdout)).toHaveLength(2)
    expect(JSON.parse(withMeta.stdout)).toEqual({
      data: [{ id: expect.any(String) }, { id: expect.any(String) }],
      meta: { total: TOTAL, limit: 2, offset: 0 },
    })
  })

  it('--meta with --all is a usage error (its lines are sessions), nothing sent', async () => {
    const before = listRequests().length
    const ran = await run('sessions', 'list', '--all', '--json', '--meta')
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(/^error: --meta: not with --all/)
    expect(listRequests().length).toBe(before)
  })
})

// The same page whatever the offset, a billion sessions claimed; `/grow/`: new sessions, a total always one page on.
const liar = useRawServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://raw')
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const grows = url.pathname.startsWith('/grow/')
  const template = mock.server().api.snapshot().sessions[0] as Session
  const ids = grows ? [`ses_${offset}`, `ses_${offset + 1}`] : ['ses_a', 'ses_b']
  const total = grows ? offset + 3 : 1_000_000_000
  answer(response, 200, { data: ids.map((id) => ({ ...template, id })), meta: { total, limit: 2, offset } })
})

describe('sessions list --all against a server that lies (D9): bounded, as clone is', () => {
  it("D10: a repeated page with 1e9 claimed: exit 4 at the second page with the SDK's PaginationError naming the offset, the first page printed", async () => {
    const ran = await runCli(['sessions', 'list', '--all', '--limit', '2', '--json', '--url', liar(), '--token', TOKEN])
    expect(ran.code).toBe(4)
    expect(ran.stdout.trim().split('\n')).toHaveLength(2)
    expect(ran.stderr).toBe(
      `error: GET ${liar()}/sessions: the page at offset 2 repeats sessions already read; stopped\n`,
    )
  })

  it("a total that grows with every page: exit 4 once more sessions came than the first page's total", async () => {
    const url = liar().replace('/api/v1', '/grow/api/v1')
    const ran = await runCli(['sessions', 'list', '--all', '--limit', '2', '--json', '--url', url, '--token', TOKEN])
    expect(ran.code).toBe(4)
    expect(ran.stdout.trim().split('\n')).toHaveLength(2)
    expect(ran.stderr).toBe(
      `error: GET ${url}/sessions: the page at offset 2 brings more sessions than the first page's total of 3; stopped\n`,
    )
  })
})
