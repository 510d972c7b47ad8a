import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { endpoints, nameIn, usages } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { commandsTable, README, withTable } from '../scripts/readme-commands.js'
import { commands as all } from '../src/cmd/index.js'
import { loadContract } from '../src/cmdutil/contract.js'
import { contractFlags } from '../src/cmdutil/contract-flags.js'
import { runCli, useMock } from './support/cli.js'
import { hasShell, shellTitle } from './support/shells.js'

await loadContract()
// What a person sees: `__complete` is for the scripts only.
const commands = all.filter((command) => !command.hidden)
const mock = useMock({ sessions: 2 })
const run = (...args: string[]) => runCli(args, { env: mock.env() })

describe('--help of every command, written from the contract', () => {
  it.each(commands.map((command) => [command.words.join(' '), command] as const))(
    '%s --help: its summary, description, usage, every flag without rule numbers, and for an operation its method and path',
    async (_, command) => {
      const { code, stdout, stderr } = await run(...command.words, '--help')
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
      expect(stdout).toContain(`${command.summary}.`)
      expect(stdout).toContain(command.description)
      expect(stdout).toContain(`Usage: session-library ${command.words.join(' ')}`)
      for (const flag of Object.keys(command.flags?.() ?? {}))
        expect(stdout).toMatch(new RegExp(`^ +(-\\w, )?--${flag}\\b`, 'm'))
      // words for people, not our rule numbers (the contract's texts carry them for us).
      expect(stdout).not.toMatch(/\(D\d+/)
      const usage = usages.find((one) => !one.convenience && nameIn(one, 'cli').join() === command.words.join())
      const operation = usage && endpoints[usage.route.name]
      if (!operation) return
      expect(stdout).toContain(`${operation.method} /api/v1${operation.path} → ${operation.status}`)
      expect(stdout).toContain(operation.description)
    },
  )

  it('every call of the contract has its command, named by the contract rule, unless declared absent with a reason', () => {
    const named = new Set(commands.map((command) => command.words.join(' ')))
    for (const usage of usages)
      if (usage.convenience?.absent?.cli) expect(usage.convenience.absent.cli).toMatch(/\w+ \w+/)
      else expect(named).toContain(nameIn(usage, 'cli').join(' '))
  })

  it('a new body field is a new flag: sessions create --help lists every field of the contract, described in its words', async () => {
    const help = await run('sessions', 'create', '--help')
    for (const field of ['title', 'kind', 'status', 'accent', 'tags', 'notes', 'project-path']) {
      expect(help.stdout).toMatch(new RegExp(`^ +--${field} <text> +\\S`, 'm'))
    }
    expect(help.stdout).toMatch(/^ +--title <text> +.*\(required\)?/m)
    for (const field of contractFlags(endpoints['sessions.create'])) {
      if (field.description) expect(help.stdout).toContain(field.description)
    }
    expect(help.stdout).toMatch(/^ +--tags <text> +.*Comma-separated, or repeat the flag\.$/m)
    // no raw pattern (accent's) in a help text.
    expect(help.stdout).not.toMatch(/matches \^|\[0-9a-f/i)
  })

  it('help: the sort keys as values, booleans bare, no raw pattern, EXAMPLES and the exit codes (D9, D10)', async () => {
    const help = await run('sessions', 'list', '--help')
    expect(help.stdout).toMatch(/--sort <text> +.*one of title, lastOpened, kind, status, -title/)
    expect(help.stdout).toMatch(/^ +--recent +.*--no-recent sends false\.$/m)
    expect(help.stdout).not.toMatch(/matches \^|\^\(true/)
    expect(help.stdout).toMatch(/\nExamples:\n {2}\$ session-library sessions list --sort -title --recent/)
    expect(help.stdout).toMatch(/\nExit codes:\n {2}0 +success\n {2}1 .+\n {2}2 +usage.+\n {2}3 .+\n {2}4 .+/)
    for (const command of commands) {
      const own = await run(...command.words, '--help')
      expect(own.stdout).toMatch(/\nExamples:\n {2}\$ /)
    }
  })

  it('no command, or --help alone: the list of every command on stdout, exit 0; --version prints the version', async () => {
    const [bare, help, version, group] = await Promise.all([
      run(),
      run('--help'),
      run('--version'),
      run('tags', '--help'),
    ])
    for (const ran of [bare, help]) {
      expect(ran.code).toBe(0)
      for (const command of commands) expect(ran.stdout).toContain(`  ${command.words.join(' ')}`)
    }
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' })
    expect(group.stdout).toContain('Usage: session-library tags <command>')
    expect(group.stdout).toMatch(/^ {2}tags add <id> <tag>\.\.\. +Add tags to a session$/m)
    expect(group.stdout).not.toContain('sessions list')
  })

  it('the README lists every command as the program has them (generated; it cannot drift)', async () => {
    const readme = await readFile(README, 'utf8')
    expect(readme).toBe(withTable(readme, commandsTable(commands)))
  })
})

const exec = promisify(execFile)
// The contract's description of `status`, written for people, as completion shows it (without our rule numbers).
const STATUS =
  'Where the work stands (idea, in-progress, mixing, mastering, done, archived…): any text of 1–64 characters.'

async function bashComplete(script: string, line: string[], cwd?: string): Promise<string[]> {
  const words = line.map((word) => `'${word}'`).join(' ')
  const program = `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}; _session_library; printf '%s\\n' "\${COMPREPLY[@]}"`
  const { stdout } = await exec('bash', ['-c', program], { ...(cwd && { cwd }) })
  return stdout.split('\n').filter(Boolean)
}

describe('completion scripts for bash, zsh and fish', () => {
  it('bash: completes command words, then the flags of the command (its own and the global ones)', async () => {
    const { stdout: script, code } = await run('completion', 'bash')
    expect(code).toBe(0)
    expect(await bashComplete(script, ['session-library', 'ses'])).toEqual(['sessions'])
    expect(await bashComplete(script, ['session-library', 'sessions', ''])).toEqual([
      'list',
      'create',
      'get',
      'update',
      'delete',
    ])
    expect(await bashComplete(script, ['session-library', 'sessions', 'update', 'ses_1', '--st'])).toEqual(['--status'])
    expect(await bashComplete(script, ['session-library', 'waveform', 'ses_1', '--var'])).toEqual([
      '--variant-id',
      '--variant',
    ])
    expect(await bashComplete(script, ['session-library', 'tag-counts', '--js'])).toEqual(['--json'])
  })

  it('bash: enum values (--sort), files for a file argument or flag (imports start, --data, --body @file), completion <shell>', async () => {
    const { stdout: script } = await run('completion', 'bash')
    const folder = await mkdtemp(join(tmpdir(), 'cli-complete-'))
    await writeFile(join(folder, 'body.json'), '{}')
    await writeFile(join(folder, 'song.als'), '')
    try {
      expect(await bashComplete(script, ['session-library', 'sessions', 'list', '--sort', '-'])).toEqual([
        '-title',
        '-lastOpened',
        '-kind',
        '-status',
      ])
      expect(await bashComplete(script, ['session-library', 'imports', 'start', 's'], folder)).toEqual(['song.als'])
      expect(await bashComplete(script, ['session-library', 'clone', '--data', 'b'], folder)).toEqual(['body.json'])
      expect(await bashComplete(script, ['session-library', 'sessions', 'create', '--body', '@b'], folder)).toEqual([
        '@body.json',
      ])
      expect(await bashComplete(script, ['session-library', 'completion', ''])).toEqual(['bash', 'zsh', 'fish'])
      // Global flags may come first: their values are not command words.
      expect(
        await bashComplete(script, ['session-library', '--url', 'http://h/api/v1', '--json', 'sessions', 'li']),
      ).toEqual(['list'])
      expect(
        await bashComplete(script, ['session-library', 'sessions', 'list', '--kind', 'x', '--sort', '-t']),
      ).toEqual(['-title'])
      // A command without file arguments offers no file names.
      expect(await bashComplete(script, ['session-library', 'sessions', 'get', 's'], folder)).toEqual([])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it.skipIf(!hasShell('zsh'))(
    shellTitle('zsh: offers the next words, then the flags, with their descriptions'),
    async () => {
      const { stdout: script } = await run('completion', 'zsh')
      // zsh's completion system needs a terminal; these stand-ins print what the script offers.
      const stubs = [
        'compdef() { :; }',
        '_describe() { print -rl -- $' + '{(P)2} }',
        'compadd() { shift; print -rl -- "$@" }',
        '_files() { print FILES }',
        'compset() { print AT }',
      ].join('; ')
      const offered = async (line: string[]) => {
        const words = line.map((word) => `'${word}'`).join(' ')
        const program = `${stubs}\n${script}\nwords=(${words}); CURRENT=${line.length}; _session_library`
        return (await exec('zsh', ['-fc', program])).stdout.split('\n').filter(Boolean)
      }
      expect(await offered(['session-library', 'sessions', ''])).toContain('list:List sessions')
      expect(await offered(['session-library', 'sessions', 'update', 'ses_1', '--st'])).toContain(`--status:${STATUS}`)
      expect(await offered(['session-library', 'sessions', 'list', '--sort', ''])).toContain('-title')
      expect(await offered(['session-library', 'imports', 'start', ''])).toEqual(['FILES'])
      expect(await offered(['session-library', 'sessions', 'create', '--body', '@'])).toEqual(['AT', 'FILES'])
      expect(await offered(['session-library', 'completion', ''])).toEqual(['bash:bash', 'zsh:zsh', 'fish:fish'])
      expect(await offered(['session-library', '--token', 't', 'sessions', ''])).toContain('list:List sessions')
    },
  )

  it.skipIf(!hasShell('fish'))(shellTitle('fish: completes words and flags with their descriptions'), async () => {
    const { stdout: script } = await run('completion', 'fish')
    const complete = async (line: string) =>
      (await exec('fish', ['--no-config', '-c', `${script}\ncomplete -C '${line}'`])).stdout.split('\n').filter(Boolean)
    expect(await complete('session-library ses')).toEqual(['sessions\tsessions commands'])
    expect(await complete('session-library tags ')).toContain('add\tAdd tags to a session')
    expect(await complete('session-library sessions update x --st')).toEqual([`--status\t${STATUS}`])
    // fish offers values that begin with a dash after --sort= (after a space it takes them for flags).
    expect((await complete('session-library sessions list --sort=-t')).map((line) => line.split('\t')[0])).toEqual([
      '--sort=-title',
    ])
    expect((await complete('session-library sessions list --sort ')).map((line) => line.split('\t')[0])).toContain(
      'title',
    )
    expect(await complete('session-library sessions create --body @/tm')).toEqual(['@/tmp/'])
    expect(await complete('session-library imports start /tm')).toEqual(['/tmp/'])
    expect(await complete('session-library completion ')).toEqual(['bash\tbash', 'fish\tfish', 'zsh\tzsh'])
    expect(await complete('session-library --url http://h/api/v1 tags a')).toEqual(['add\tAdd tags to a session'])
  })

  it('zsh and fish: every command word and every flag of every command is in the script', async () => {
    const [zsh, fish, unknown] = await Promise.all([
      run('completion', 'zsh'),
      run('completion', 'fish'),
      run('completion', 'tcsh'),
    ])
    expect(zsh.stdout).toMatch(/^#compdef session-library$/m)
    expect(fish.stdout).toContain('complete -c session-library -f')
    for (const command of commands) {
      const last = command.words.at(-1) as string
      expect(zsh.stdout).toContain(`'${last}:`)
      expect(fish.stdout).toContain(`-a '${last}'`)
      for (const flag of Object.keys(command.flags?.() ?? {})) {
        expect(zsh.stdout).toContain(`'--${flag}:`)
        expect(fish.stdout).toContain(`-l ${flag}`)
      }
    }
    expect(unknown).toMatchObject({ code: 2, stdout: '' })
    expect(unknown.stderr).toMatch(/^error: completion: unknown shell 'tcsh' \(one of bash, zsh, fish\)/)
  })
})
