import type { Session } from '@session-library/schemas'
import { DEFAULT_PAGE_SIZE } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { json, runCli, TOKEN, useMock } from '../../../test/support/cli.js'
import { answer, useRawServer } from '../../../test/support/raw-server.js'

const TOTAL = 7
const mock = useMock({ sessions: TOTAL })
const run = (args: string[], stdin?: string) =>
  runCli(['api', ...args], { env: mock.env(), ...(stdin !== undefined && { stdin }) })
const firstId = () => mock.server().api.snapshot().sessions[0]?.id as string
const sent = () => mock.server().api.journal().length

describe('api <method> <path>: any operation of the API, JSON out (as gh api)', () => {
  it('GET /sessions --paginate prints every session once, one JSON line each, across pages of the limit given', async () => {
    const ran = await run(['GET', '/sessions', '--paginate', '-f', 'limit=3'])
    expect(ran).toMatchObject({ code: 0, stderr: '' })
    const sessions = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Session)
    expect(new Set(sessions.map((session) => session.id)).size).toBe(TOTAL)
  })

  it("GET /sessions --paginate without a limit asks for pages of the SDK's DEFAULT_PAGE_SIZE (D9)", async () => {
    const before = sent()
    const ran = await run(['GET', '/sessions', '--paginate'])
    expect(ran.code).toBe(0)
    expect(ran.stdout.trim().split('\n')).toHaveLength(TOTAL)
    const pages = mock.server().api.journal().slice(before)
    expect(pages.map((entry) => new URLSearchParams(entry.query).get('limit'))).toEqual([String(DEFAULT_PAGE_SIZE)])
  })

  it('without --paginate: the answer as JSON, meta included; /api/v1 and a query may be written in the path', async () => {
    const ran = await run(['get', '/api/v1/sessions?limit=2', '-f', 'sort=-title'])
    expect(ran.code).toBe(0)
    const page = json(ran) as { data: Session[]; meta: { total: number; limit: number } }
    expect(page.meta).toMatchObject({ total: TOTAL, limit: 2 })
    const titles = page.data.map((session) => session.title)
    expect(titles).toEqual([...titles].sort().reverse())
  })

  it('a body from -f (strings, commas kept) and -F (typed: null clears the notes), key[]= for an array', async () => {
    const id = firstId()
    const patched = await run(['PATCH', `/sessions/${id}`, '-f', 'title=Night, Drive'])
    expect(patched).toMatchObject({ code: 0, stderr: '' })
    const cleared = await run(['PUT', `/sessions/${id}/notes`, '-F', 'notes=null'])
    expect(cleared.code).toBe(0)
    expect(mock.stored(id)).toMatchObject({ title: 'Night, Drive', notes: '' })
    const tagged = await run(['PUT', `sessions/${id}/tags`, '-f', 'tags[]=drums', '-f', 'tags[]=vox'])
    expect((json(tagged) as { data: { tags: string[] } }).data.tags).toEqual(['drums', 'vox'])
  })

  it('--input - reads the whole body from stdin', async () => {
    const id = firstId()
    const ran = await run(['PUT', `/sessions/${id}/tags`, '--input', '-'], '{"tags":["bass","keys"]}\n')
    expect(ran.code).toBe(0)
    expect(mock.stored(id)?.tags).toEqual(['bass', 'keys'])
  })

  it("2, nothing sent: a query or body the contract's check refuses, a path outside it, a method the path lacks, a . or .. segment", async () => {
    const before = sent()
    const cases: [string[], RegExp][] = [
      [['GET', '/sessions', '-f', 'limit=0'], /^error: limit: /],
      [['PATCH', `/sessions/${firstId()}`, '-F', 'title=5'], /^error: title: /],
      [['GET', '/sesions'], /^error: GET \/sesions: no operation of the API \(did you mean '\/sessions'\?\)/],
      [['DELETE', '/health'], /^error: DELETE \/health: the path takes GET\n/],
      [['GET', '/sessions', '-f', 'limit'], /^error: -f limit: not key=value\n/],
      [['POST', '/sessions', '--input', '-'], /^error: --input: not valid JSON/],
      [['GET', '/sessions', '--input', '-'], /^error: --input: GET \/sessions takes no body\n/],
      [['GET', '/sessions/..'], /^error: GET \/sessions\/\.\.: \{id\} cannot be '\.\.': a path segment of \. or \.\. /],
      [['PUT', '/sessions/%2e/tags', '-F', 'tags[]=a'], /^error: PUT \/sessions\/%2e\/tags: \{id\} cannot be '\.'/],
    ]
    const runs = await Promise.all(cases.map(([args]) => run(args, '{')))
    for (const [index, [args, message]] of cases.entries()) {
      expect({ args, code: runs[index]?.code, stdout: runs[index]?.stdout }).toEqual({ args, code: 2, stdout: '' })
      expect(runs[index]?.stderr).toMatch(message)
    }
    expect(sent()).toBe(before)
  })

  it("gh's form: api <path>, -X for the method (GET by default, POST with fields), --jq on the answer", async () => {
    const id = firstId()
    const [first, total] = await Promise.all([
      run(['/sessions', '-X', 'GET', '--jq', '.data[0].id']),
      run(['/sessions', '--jq', '.meta.total']),
    ])
    expect(first).toMatchObject({ code: 0, stderr: '' })
    expect(mock.stored(first.stdout.trim())).toBeDefined()
    expect(total).toMatchObject({ code: 0, stdout: `${TOTAL}\n` })
    const patched = await run([`/sessions/${id}`, '-X', 'patch', '-f', 'title=Renamed by -X'])
    expect(patched.code).toBe(0)
    expect(mock.stored(id)?.title).toBe('Renamed by -X')
    // Fields without -X make a POST, as gh: the contract's check refuses this one, nothing sent.
    const before = sent()
    const posted = await run(['/sessions', '-f', 'limit=2'])
    expect(posted).toMatchObject({ code: 2, stdout: '' })
    expect(posted.stderr).toMatch(/^error: title: /)
    const twice = await run(['GET', '/sessions', '-X', 'DELETE'])
    expect(twice.stderr).toMatch(/^error: -X DELETE: the method is also given as GET\n/)
    expect(sent()).toBe(before)
  })

  it('-i prints the status line and the headers before the body; --silent leaves the body out', async () => {
    const ran = await run(['/health', '-i'])
    expect(ran.code).toBe(0)
    const [head = '', body = ''] = ran.stdout.split('\n\n')
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\n/)
    expect(head).toContain('\ncontent-type: application/json')
    expect(JSON.parse(body)).toMatchObject({ data: { status: 'ok' } })
    const silent = await run(['/health', '-i', '--silent'])
    expect(silent.stdout).toMatch(/^HTTP\/1\.1 200 OK\n[^{]*\n\n$/)
    expect((await run(['/health', '--silent'])).stdout).toBe('')
  })

  it('-H sends a header; Authorization is refused with a clear error (the token is the connection’s), nothing sent', async () => {
    expect((await run(['/health', '-H', 'X-Request-Note: from -H'])).code).toBe(0)
    const before = sent()
    const ran = await run(['/sessions', '-H', 'authorization: Bearer other'])
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(
      /^error: -H Authorization: the token comes from --token, SESSION_LIBRARY_TOKEN or auth login/,
    )
    expect(sent()).toBe(before)
  })

  it('--paginate --slurp prints every item in one array (what --jq then sees); --slurp alone is a usage error', async () => {
    const ran = await run(['/sessions', '--paginate', '--slurp', '-f', 'limit=3', '-X', 'GET', '--jq', 'length'])
    expect(ran).toMatchObject({ code: 0, stdout: `${TOTAL}\n` })
    expect((await run(['/sessions', '--slurp'])).stderr).toMatch(/^error: --slurp: only with --paginate\n/)
  })

  it('--paginate on an answer that is not a list: exit 2', async () => {
    const ran = await run(['GET', '/health', '--paginate'])
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(/^error: --paginate: GET \/health is not a list/)
  })
})

// The same page of two sessions whatever the offset, and a billion of them claimed.
const liar = useRawServer((_request, response) =>
  answer(response, 200, {
    data: ['a', 'b'].map((id) => ({ ...mock.server().api.snapshot().sessions[0], id: `ses_${id}` })),
    meta: { total: 1_000_000_000, limit: 2, offset: 0 },
  }),
)

describe('--paginate against a server that repeats its page and claims 1e9 sessions (D9, D10): the SDK walk', () => {
  it('stops at the second page with exit 4, the sessions of the first printed', async () => {
    const ran = await runCli(['api', 'GET', '/sessions', '--paginate', '--url', liar(), '--token', TOKEN])
    expect(ran.code).toBe(4)
    expect(ran.stdout.trim().split('\n')).toHaveLength(2)
    expect(ran.stderr).toBe(`error: GET ${liar()}/sessions: the page at offset 2 repeats items already read; stopped\n`)
  })
})
