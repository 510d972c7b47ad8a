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
