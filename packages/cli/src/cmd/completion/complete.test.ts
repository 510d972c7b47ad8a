import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { runCli, TOKEN, useMock } from '../../../test/support/cli.js'
import { useRawServer } from '../../../test/support/raw-server.js'
import { hasShell, shellTitle } from '../../../test/support/shells.js'

const exec = promisify(execFile)
const mock = useMock({ sessions: 3 })
const ask = (args: string[], env: Record<string, string | undefined> = mock.env()) =>
  runCli(['__complete', ...args], { env })
const ids = () =>
  mock
    .server()
    .api.snapshot()
    .sessions.map((session) => session.id)
const tags = () => [
  ...new Set(
    mock
      .server()
      .api.snapshot()
      .sessions.flatMap((session) => session.tags),
  ),
]

// Accepts the connection and never answers.
const silent = useRawServer(() => {})

describe('__complete: session ids and tags from the server, for the completion scripts', () => {
  it('an <id> completes to the sessions’ ids; a tag argument and a --tags value to the library’s tags', async () => {
    const [id, tag, tagFlag, none] = await Promise.all([
      ask(['--', 'sessions', 'get']),
      ask(['--', 'tags', 'add', ids()[0] as string]),
      ask(['--value-of', 'tags', '--', 'sessions', 'list']),
      ask(['--', 'sessions', 'get', 'ses_x']),
    ])
    expect(id).toMatchObject({ code: 0, stderr: '' })
    expect(id.stdout.trim().split('\n').sort()).toEqual(ids().sort())
    expect(tag.stdout.trim().split('\n').sort()).toEqual(tags().sort())
    expect(tagFlag.stdout).toBe(tag.stdout)
    expect(none).toMatchObject({ code: 0, stdout: '' })
  })

  it('silent on failure: no token, nothing listening, or a server that never answers (bounded in time): nothing, exit 0', async () => {
    const runs = await Promise.all([
      ask(['--', 'sessions', 'get'], { SESSION_LIBRARY_URL: mock.server().url }),
      ask(['--', 'sessions', 'get'], {
        SESSION_LIBRARY_URL: 'http://127.0.0.1:9/api/v1',
        SESSION_LIBRARY_TOKEN: TOKEN,
      }),
      ask(['--', 'sessions', 'get'], { SESSION_LIBRARY_URL: silent(), SESSION_LIBRARY_TOKEN: TOKEN }),
    ])
    for (const ran of runs) expect(ran).toEqual({ code: 0, stdout: '', stderr: '' })
  })

  it('is in neither the help nor the completion of commands', async () => {
    const [help, script] = await Promise.all([runCli([]), runCli(['completion', 'bash'])])
    expect(help.stdout).not.toContain('__complete ')
    expect(script.stdout).not.toContain("'__complete'")
  })
})

// The program the scripts call: the bundled bin, pointed at the mock.
const program = (shell: 'bash' | 'fish') =>
  shell === 'fish'
    ? `function session-library; ${process.execPath} ${inject('cliBin')} $argv; end`
    : `session-library() { ${process.execPath} ${inject('cliBin')} "$@"; }`

describe('the scripts complete ids and tags from the server', () => {
  it('bash: sessions get <Tab> offers the ids; sessions list --tags <Tab> the tags', async () => {
    const { stdout: script } = await runCli(['completion', 'bash'])
    const complete = async (line: string[]) => {
      const words = line.map((word) => `'${word}'`).join(' ')
      const run = `${program('bash')}\n${script}\nCOMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}; _session_library; printf '%s\\n' "\${COMPREPLY[@]}"`
      const { stdout } = await exec('bash', ['-c', run], { env: { ...process.env, ...mock.env() } })
      return stdout.split('\n').filter(Boolean).sort()
    }
    expect(await complete(['session-library', 'sessions', 'get', ''])).toEqual(ids().sort())
    expect(await complete(['session-library', 'sessions', 'list', '--tags', ''])).toEqual(tags().sort())
  })

  it('bash: contract paths after api [METHOD], each item of a comma list, files after @, known kinds', async () => {
    const { stdout: script } = await runCli(['completion', 'bash'])
    const cwd = await mkdtemp(join(tmpdir(), 'cli-complete-'))
    await writeFile(join(cwd, 'notes.md'), 'n')
    await runCli(['tags', 'add', ids()[0] as string, 'drums', 'vocals'], { env: mock.env() })
    const complete = async (...line: string[]) => {
      const words = line.map((word) => `'${word}'`).join(' ')
      const run = `${program('bash')}\n${script}\nCOMP_WORDS=(session-library ${words}); COMP_CWORD=${line.length}; _session_library; printf '%s\\n' "\${COMPREPLY[@]}"`
      const { stdout } = await exec('bash', ['-c', run], { cwd, env: { ...process.env, ...mock.env() } })
      return stdout.split('\n').filter(Boolean)
    }
    const [afterMethod, afterApi, typed, tagged, file, kinds, fields] = await Promise.all([
      complete('api', 'GET', ''),
      complete('api', ''),
      complete('api', '/ses'),
      complete('sessions', 'list', '--tags', 'drums,'),
      complete('notes', 'set', 'ses_1', '@n'),
      complete('sessions', 'list', '--kind', ''),
      complete('sessions', 'list', '--json', 'id,ti'),
    ])
    expect(afterMethod).toContain('/sessions')
    expect(afterMethod).not.toContain('GET')
    expect(afterApi).toEqual(expect.arrayContaining(['GET', '/sessions', '/health']))
    expect(typed).toEqual(expect.arrayContaining(['/sessions', '/sessions/{id}/tags']))
    expect(tagged).toContain('drums,vocals')
    expect(file).toEqual(['@notes.md'])
    expect(kinds).toContain('ableton')
    expect(fields).toEqual(['id,title'])
  })

  it.skipIf(!hasShell('fish'))(
    shellTitle('fish: paths after api GET, an item after a comma, known kinds'),
    async () => {
      const { stdout: script } = await runCli(['completion', 'fish'])
      const complete = async (line: string) => {
        const run = `${program('fish')}\n${script}\ncomplete -C '${line}'`
        const { stdout } = await exec('fish', ['--no-config', '-c', run], { env: { ...process.env, ...mock.env() } })
        return stdout.split('\n').map((item) => item.split('\t')[0])
      }
      expect(await complete('session-library api GET ')).toContain('/sessions')
      expect(await complete('session-library api GET ')).not.toContain('GET')
      expect(await complete('session-library sessions list --kind ')).toContain('ableton')
      expect(await complete('session-library sessions list --fields id,ti')).toContain('id,title')
    },
  )

  it.skipIf(!hasShell('zsh'))(
    shellTitle('zsh: sessions delete <Tab> offers the ids; --tags <Tab> the tags'),
    async () => {
      const { stdout: script } = await runCli(['completion', 'zsh'])
      // zsh's completion system needs a terminal: stand-ins print what the script offers.
      const stubs = 'compdef() { :; }; compset() { :; }; compadd() { shift; print -rl -- "$@" }'
      const complete = async (line: string[]) => {
        const words = line.map((word) => `'${word}'`).join(' ')
        const run = `${stubs}\n${program('bash')}\n${script}\nwords=(${words}); CURRENT=${line.length}; _session_library`
        const { stdout } = await exec('zsh', ['-fc', run], { env: { ...process.env, ...mock.env() } })
        return stdout.split('\n').filter(Boolean).sort()
      }
      expect(await complete(['session-library', 'sessions', 'delete', ''])).toEqual(ids().sort())
      expect(await complete(['session-library', 'sessions', 'create', '--tags', ''])).toEqual(tags().sort())
    },
  )

  it.skipIf(!hasShell('fish'))(shellTitle('fish: tags remove <id> <Tab> offers the tags'), async () => {
    const { stdout: script } = await runCli(['completion', 'fish'])
    const line = `session-library tags remove ${ids()[0]} `
    const { stdout } = await exec(
      'fish',
      ['--no-config', '-c', `${program('fish')}\n${script}\ncomplete -C '${line}'`],
      {
        env: { ...process.env, ...mock.env() },
      },
    )
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(tags().sort())
  })
})
