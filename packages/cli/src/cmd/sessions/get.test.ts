import { describe, expect, it } from 'vitest'
import { runCli, useMock } from '../../../test/support/cli.js'

const mock = useMock({ sessions: 2 })
const run = (...args: string[]) => runCli(args, { env: mock.env() })

describe('sessions get <id>', () => {
  it('a . or .. id is a usage error naming the argument, and nothing is sent (buildPath: dot segments name another route)', async () => {
    const before = mock.server().api.journal().length
    for (const args of [
      ['sessions', 'get', '..'],
      ['sessions', 'get', '.'],
      ['tags', 'add', '..', 'drums'],
    ]) {
      const ran = await run(...args)
      expect({ args, code: ran.code, stdout: ran.stdout }).toEqual({ args, code: 2, stdout: '' })
      expect(ran.stderr).toMatch(new RegExp(`^error: <id> cannot be '${args[2]?.replaceAll('.', '\\.')}': `))
    }
    expect(mock.server().api.journal()).toHaveLength(before)
  })

  it('an id with dots that is not a dot segment is sent, one segment', async () => {
    const ran = await run('sessions', 'get', '...')
    expect(ran.stderr).toMatch(/^error: 404 not_found: .*\(sessions\.get GET \/api\/v1\/sessions\/\.\.\.\)/)
    expect(mock.server().api.journal().at(-1)?.path).toBe('/api/v1/sessions/...')
  })
})

describe("gh's verbs: view for get, rm for delete", () => {
  it('sessions view ID prints the session; sessions rm ID asks first on a terminal as delete does ("n" keeps it)', async () => {
    const id = mock.server().api.snapshot().sessions[0]?.id as string
    const viewed = await run('sessions', 'view', id, '--json', 'id')
    expect(viewed).toMatchObject({ code: 0, stdout: `{"id":"${id}"}\n` })
    const kept = await runCli(['sessions', 'rm', id], {
      env: { ...mock.env(), NO_COLOR: '1' },
      tty: true,
      stdin: 'n\n',
    })
    expect(kept.code).toBe(2)
    expect(kept.stderr).toMatch(/\[y\/N\] error: cancelled; nothing was changed/)
    expect((await run('sessions', 'rm', id)).code).toBe(0)
    expect((await run('sessions', 'view', id)).code).toBe(1)
  })
})
