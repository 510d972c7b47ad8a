import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ImportResult, Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from '../../../test/support/cli.js'

// Items take half a second each, so that a wait of 0 s certainly looks before the first one is done.
const mock = useMock({ sessions: 3, importDelay: 500 })
const run = (...args: string[]) => runCli(args, { env: mock.env() })

describe('imports start, and --wait watching the session list (SPEC has no progress endpoint)', () => {
  it('without --wait: the 202 answer, before any item is processed (D15)', async () => {
    const items = JSON.stringify([{ projectPath: '/music/first.als' }])
    const answer = await run('imports', 'start', '--items', items, '--json')
    expect(answer.code).toBe(0)
    expect(json(answer)).toMatchObject({ total: 1, completed: 0, done: false } satisfies Partial<ImportResult>)
  })

  it('--items @items.json and --items - read the items as any long value is read', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'cli-items-'))
    await writeFile(join(directory, 'items.json'), JSON.stringify([{ projectPath: '/music/file.als' }]))
    const fromFile = await runCli(['imports', 'start', '--items', '@items.json', '--json'], {
      env: mock.env(),
      cwd: directory,
    })
    expect(json(fromFile)).toMatchObject({ total: 1 })
    const items = JSON.stringify([{ projectPath: '/music/x.als' }, { projectPath: '/music/y.als' }])
    const fromStdin = await runCli(['imports', 'start', '--items', '-', '--json'], { env: mock.env(), stdin: items })
    expect(json(fromStdin)).toMatchObject({ total: 2 })
  })

  it('--wait: progress on stderr until a session has each projectPath, then those sessions as data', async () => {
    const items = [{ projectPath: '/music/a.als' }, { projectPath: '/music/b.flp', title: 'Bee' }]
    const answer = await run(
      'imports',
      'start',
      '--body',
      JSON.stringify({ items }),
      '--generate-previews',
      '--wait',
      '--interval',
      '50',
      '--json',
    )
    expect(answer.code).toBe(0)
    const sessions = json(answer) as Session[]
    expect(sessions.map((session) => [session.projectPath, session.title, session.kind])).toEqual([
      ['/music/a.als', 'a', 'ableton'],
      ['/music/b.flp', 'Bee', 'fl-studio'],
    ])
    expect(answer.stderr).toMatch(/^import \S+ accepted: 2 items; watching the session list$/m)
    expect(answer.stderr).toMatch(/^2\/2 items have a session$/m)
  })

  it('project files as arguments: items after those of --items, a relative path made absolute', async () => {
    const items = JSON.stringify([{ projectPath: '/music/first-of-two.als' }])
    const answer = await run(
      'imports',
      'start',
      '--items',
      items,
      'mixes/second.logicx',
      '--wait',
      '--interval',
      '50',
      '--json',
    )
    expect(answer.code).toBe(0)
    expect((json(answer) as Session[]).map((session) => session.projectPath)).toEqual([
      '/music/first-of-two.als',
      resolve('mixes/second.logicx'),
    ])
  })

  it('--wait gives up after --wait-timeout with exit 3, the import id and the paths still missing as data', async () => {
    const paths = ['/music/slow.als', '/music/slower.als']
    const items = JSON.stringify(paths.map((projectPath) => ({ projectPath })))
    const wait = ['--wait', '--wait-timeout', '0', '--interval', '10']
    const [answer, plain] = await Promise.all([
      run('imports', 'start', '--items', items, ...wait, '--json'),
      run('imports', 'start', '--items', items, ...wait),
    ])
    expect(answer.code).toBe(3)
    const { importId, missing } = json(answer) as { importId: string; missing: string[] }
    expect(missing).toEqual(paths)
    expect(answer.stderr).toMatch(new RegExp(`^import ${importId} accepted: 2 items; watching the session list$`, 'm'))
    expect(answer.stderr).toMatch(/\nerror: .*\/music\/slow\.als.*\n$/)
    expect(plain).toMatchObject({ code: 3, stdout: `${paths.join('\n')}\n` })
  })

  it('501 import_unavailable when the import service is off: exit 1', async () => {
    mock.server().api.setServiceAvailable('import', false)
    try {
      const answer = await run('imports', 'start', '--items', '[{"projectPath":"/x.als"}]')
      expect(answer).toMatchObject({ code: 1, stdout: '' })
      expect(answer.stderr).toBe(
        'error: 501 import_unavailable: Import service is unavailable. (imports.start POST /api/v1/import)\n',
      )
    } finally {
      mock.server().api.setServiceAvailable('import', true)
    }
  })
})
