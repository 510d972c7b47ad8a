// What a hostile server or a hostile record can make the CLI print.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, TOKEN, useMock } from './support/cli.js'
import { answer, useRawServer } from './support/raw-server.js'

/** A clone's file in a folder that exists (a clone locks it before it reads), never written: each stops first. */
const NEVER_WRITTEN = join(tmpdir(), `never-written-${process.pid}.json`)

// Every control character but a newline (rows end with it); a pipe's cells are separated by tabs too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_CELLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
const HOSTILE = '\u001b]0;OWNED\u0007\u001b[2J\u009b31m\u007f'
const mock = useMock({ sessions: 2 })
const plain = { NO_COLOR: '1' }
const onTerminal = (...args: string[]) => runCli(args, { env: { ...mock.env(), ...plain }, tty: true })

// Echoes what the mock never would: the token, control characters in an error, one page forever.
const raw = useRawServer((request, response) => {
  const token = (request.headers.authorization ?? '').replace('Bearer ', '')
  if (request.url?.startsWith('/api/v1/sessions/echo'))
    return answer(response, 404, { error: { code: 'not_found', message: `no session for ${token} \u001b[2J` } })
  if (request.url?.startsWith('/api/v1/sessions?'))
    return answer(response, 200, {
      data: [{ id: 'ses_1', title: 'One' }],
      meta: { total: 1_000, limit: 500, offset: 0 },
    })
  answer(response, 200, { data: { status: `ok ${token} \u001b]52;c;aGk=\u0007`, '\u009b2J': token } })
})

describe('no control character from data reaches a terminal', () => {
  it('a title with ESC]0;…BEL ESC[2J, C1 and DEL: sessions list, sessions get and tag-counts show it escaped', async () => {
    const created = json(
      await runCli(['sessions', 'create', '--title', `Song ${HOSTILE}`, '--tags', `t${HOSTILE}`, '--json'], {
        env: mock.env(),
      }),
    ) as Session
    const outputs = await Promise.all([
      onTerminal('sessions', 'list'),
      onTerminal('sessions', 'get', created.id),
      onTerminal('tag-counts'),
      runCli(['sessions', 'list', '--header'], { env: mock.env() }),
    ])
    for (const ran of outputs) {
      expect(ran.code).toBe(0)
      expect(ran.stdout + ran.stderr).not.toMatch(CONTROLS_BUT_CELLS)
    }
    expect(outputs[1]?.stdout).toContain('Song \\e]0;OWNED\\x07\\e[2J\\x9b31m\\x7f')
  })

  it('--json writes C1 controls and DEL as \\u escapes: the same JSON, nothing a terminal acts on', async () => {
    const ran = await runCli(['sessions', 'list', '--json', '--fields', 'title'], { env: mock.env() })
    expect(ran.stdout).not.toMatch(CONTROLS)
    expect(ran.stdout).toContain('\\u001b]0;OWNED\\u0007\\u001b[2J\\u009b31m\\u007f')
    expect((json(ran) as { title: string }[]).map((session) => session.title)).toContain(`Song ${HOSTILE}`)
  })

  it('an error line from a server that echoes the token and control characters: masked and escaped', async () => {
    const ran = await runCli(['sessions', 'get', 'echo', '--url', raw(), '--token', TOKEN], { env: plain, tty: true })
    expect(ran.code).toBe(1)
    expect(ran.stderr).toBe(
      'error: 404 not_found: no session for <token> \\e[2J (sessions.get GET /api/v1/sessions/echo)\n',
    )
  })
})

describe('check prints what a hostile server answers escaped, and never the token', () => {
  it('answers with ESC ] 52 (a clipboard write), C1 and the token echoed: the report shows them escaped and masked', async () => {
    const [table, report] = await Promise.all([
      runCli(['check', '--url', raw(), '--token', TOKEN, '--timeout', '2000'], { env: plain, tty: true }),
      runCli(['check', '--url', raw(), '--token', TOKEN, '--timeout', '2000', '--json'], { env: plain }),
    ])
    expect(table.code).toBe(4)
    expect(table.stdout + table.stderr).not.toMatch(CONTROLS)
    expect(report.stdout).not.toMatch(CONTROLS)
    expect(report.stdout).toContain('<token>')
  })

  it('a token with a quote and a backslash, echoed: masked in the --json report, where it stands escaped', async () => {
    const token = 'p@ss"w\\rd/x'
    const report = await runCli(['check', '--url', raw(), '--token', token, '--timeout', '2000', '--json'], {
      env: plain,
    })
    expect(report.stdout).toContain('<token>')
    expect(report.stdout + report.stderr).not.toContain(JSON.stringify(token).slice(1, -1))
    expect(report.stdout + report.stderr).not.toContain(token)
  })
})

// Pages of new sessions whose total is always one page further on (`?total=none`: no total at all).
const endless = useRawServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://raw')
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const data = Array.from({ length: 500 }, (_, index) => ({ id: `ses_${offset + index}`, title: 'Again' }))
  const meta = url.pathname.startsWith('/none/') ? { limit: 500, offset } : { total: offset + 501, limit: 500, offset }
  answer(response, 200, { data, meta })
})

describe('clone stops on a server that repeats a page', () => {
  it('a total never reached and the same page again: exit 4 at the second page, not a run forever', async () => {
    const ran = await runCli(['clone', '--data', NEVER_WRITTEN, '--url', raw(), '--token', TOKEN])
    expect(ran).toMatchObject({ code: 4, stdout: '' })
    expect(ran.stderr).toMatch(/\/api\/v1\/sessions: the page at offset 1 repeats sessions already read; stopped\n$/)
  })

  it('D9: a total that grows with every page: exit 4 once more sessions came than the first page said', async () => {
    const ran = await runCli(['clone', '--data', NEVER_WRITTEN, '--url', endless(), '--token', TOKEN])
    expect(ran).toMatchObject({ code: 4, stdout: '' })
    expect(ran.stderr).toContain(
      "the page at offset 500 brings more sessions than the first page's total of 501; stopped",
    )
  })

  it('D9: no meta.total: exit 4 at the first page, the end of the library being unknown', async () => {
    const url = endless().replace('/api/v1', '/none/api/v1')
    const ran = await runCli(['clone', '--data', NEVER_WRITTEN, '--url', url, '--token', TOKEN])
    expect(ran).toMatchObject({ code: 4, stdout: '' })
    expect(ran.stderr).toContain('the page at offset 0 has no meta.total, so the end of the list is unknown; stopped')
  })
})
