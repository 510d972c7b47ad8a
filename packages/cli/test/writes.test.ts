import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from './support/cli.js'

const mock = useMock({ sessions: 6 })
const run = (args: string[], stdin?: string) => runCli(args, { env: mock.env(), ...(stdin !== undefined && { stdin }) })
const { stored, created } = mock

describe('write commands: bodies from flags, from --body @file and from stdin', () => {
  it('sessions create: body flags from the contract (kebab-case names, repeated --tags); the created session is printed', async () => {
    const answer = await run([
      'sessions',
      'create',
      '--title',
      'Night Drive',
      '--kind',
      'ableton',
      '--tags',
      'drums',
      '--tags',
      'vox',
      '--project-path',
      '/music/night.als',
      '--json',
    ])
    expect(answer.code).toBe(0)
    const session = json(answer) as Session
    expect(session).toMatchObject({
      title: 'Night Drive',
      kind: 'ableton',
      tags: ['drums', 'vox'],
      projectPath: '/music/night.als',
    })
    expect(stored(session.id)).toMatchObject({ title: 'Night Drive' })
  })

  it('sessions update --body {} sends {} (D8: a no-op), --status mixing changes it, then sessions delete; the table form shows the answer', async () => {
    const session = await created('To change')
    const unchanged = await run(['sessions', 'update', session.id, '--body', '{}', '--json'])
    expect(json(unchanged)).toMatchObject({ id: session.id, status: session.status })
    const updated = await run(['sessions', 'update', session.id, '--status', 'mixing'])
    expect(updated.code).toBe(0)
    expect(updated.stdout).toMatch(/^status\s+mixing$/m)
    expect(stored(session.id)?.status).toBe('mixing')
    const deleted = await run(['sessions', 'delete', session.id, '--json'])
    expect(json(deleted)).toEqual({ deleted: true, id: session.id })
    expect(stored(session.id)).toBeUndefined()
  })

  it('--body @file.json gives the whole body; a field flag given too wins over it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'cli-body-'))
    const file = join(directory, 'body.json')
    await writeFile(file, JSON.stringify({ title: 'From a file', status: 'done', tags: ['file'] }))
    const answer = await run(['sessions', 'create', '--body', `@${file}`, '--status', 'mixing', '--json'])
    expect(json(answer)).toMatchObject({ title: 'From a file', status: 'mixing', tags: ['file'] })
  })

  it('--body - reads the whole body from stdin', async () => {
    const session = await created('Stdin body')
    const answer = await run(['sessions', 'update', session.id, '--body', '-', '--json'], '{"accent": "#ff8800"}')
    expect(json(answer)).toMatchObject({ id: session.id, accent: '#ff8800' })
  })

  it('read-only mode: a write exits 1 with 403 read_only on stderr (D1), nothing on stdout', async () => {
    mock.server().api.setMode('read-only')
    try {
      const refused = await run(['sessions', 'create', '--title', 'Nope'])
      expect(refused).toMatchObject({ code: 1, stdout: '' })
      expect(refused.stderr).toBe(
        'error: 403 read_only: Enable Full Automation to perform this action. (sessions.create POST /api/v1/sessions)\n',
      )
    } finally {
      mock.server().api.setMode('full-automation')
    }
  })

  it("D4: a body the contract refuses is a usage error (exit 2) in the contract's words, and nothing is sent", async () => {
    const sent = mock.server().api.journal().length
    const refused = await run(['sessions', 'create', '--title', '   '])
    expect(refused).toMatchObject({ code: 2, stdout: '' })
    expect(refused.stderr).toMatch(/^error: title: .+\nRun 'session-library sessions create --help' for usage\.\n$/)
    expect(mock.server().api.journal()).toHaveLength(sent)
  })
})
