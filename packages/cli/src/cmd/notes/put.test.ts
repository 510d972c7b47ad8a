import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from '../../../test/support/cli.js'

const mock = useMock({ sessions: 2 })
const piped = (args: string[], stdin?: string) =>
  runCli(args, { env: mock.env(), ...(stdin !== undefined && { stdin }) })
const onTerminal = (args: string[], answer: string) =>
  runCli(args, { env: { ...mock.env(), NO_COLOR: '1' }, tty: true, stdin: answer })
const notesOf = (id: string) =>
  mock
    .server()
    .api.snapshot()
    .sessions.find((session) => session.id === id)?.notes

async function noted(): Promise<string> {
  const created = await piped(['sessions', 'create', '--title', 'Noted', '--notes', 'kept', '--json'])
  return (json(created) as Session).id
}

describe('notes put and notes patch: one input path, one confirmation rule', () => {
  it('notes put / patch from a flag, notes set from stdin with -, notes clear (D7)', async () => {
    const id = await noted()
    expect(json(await piped(['notes', 'put', id, '--notes', 'first', '--json']))).toEqual({ id, notes: 'first' })
    expect(json(await piped(['notes', 'patch', id, '--notes', 'second', '--json']))).toEqual({ id, notes: 'second' })
    const fromStdin = await piped(['notes', 'set', id, '-', '--json'], 'line one\nline two\n')
    expect(json(fromStdin)).toEqual({ id, notes: 'line one\nline two' })
    expect(json(await piped(['notes', 'set', id, 'inline', '--json']))).toEqual({ id, notes: 'inline' })
    expect(json(await piped(['notes', 'clear', id, '--json']))).toEqual({ id, notes: '' })
  })

  it('D7: --notes null clears the notes as help says, on a pipe without asking (PUT and PATCH alike)', async () => {
    for (const verb of ['put', 'patch']) {
      const id = await noted()
      const cleared = await piped(['notes', verb, id, '--notes', 'null', '--json'])
      expect(cleared.code).toBe(0)
      expect(json(cleared)).toEqual({ id, notes: '' })
      expect(notesOf(id)).toBe('')
    }
  })

  it('D7: --notes null on a terminal asks as any clearing write does; "n" sends nothing', async () => {
    for (const verb of ['put', 'patch']) {
      const id = await noted()
      const since = mock.journalMark()
      const refused = await onTerminal(['notes', verb, id, '--notes', 'null'], 'n\n')
      expect(refused).toMatchObject({ code: 2, stdout: '' })
      expect(refused.stderr).toBe(
        `Clear the notes of session “Noted” (${id})? [y/N] error: cancelled; nothing was changed\n`,
      )
      // Only the read that names the session in the question: nothing written.
      expect(since()).toEqual(['GET'])
      expect(notesOf(id)).toBe('kept')
    }
  })

  it('D7, D8: null clears where the API clears with it, and is a usage error elsewhere, never the text "null"', async () => {
    const id = await noted()
    for (const args of [
      ['sessions', 'update', id, '--notes', 'null'],
      ['sessions', 'update', id, '--title', 'null'],
      ['sessions', 'create', '--title', 'New', '--notes', 'null'],
    ]) {
      const refused = await piped(args)
      expect(refused).toMatchObject({ code: 2, stdout: '' })
      expect(refused.stderr).toMatch(
        /^error: --(notes|title): null is not a value of this field; to store the text null, use --body/,
      )
    }
    expect(notesOf(id)).toBe('kept')
    expect(
      mock
        .server()
        .api.snapshot()
        .sessions.some((session) => session.title === 'New'),
    ).toBe(false)
    expect(json(await piped(['notes', 'set', id, '--notes', 'null', '--json']))).toEqual({ id, notes: '' })
  })

  it('--notes @file reads the file, - reads stdin (one final newline dropped), @@ sends a leading @ (PUT and PATCH alike)', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'cli-notes-'))
    await writeFile(join(directory, 'n.md'), '# Mix\nbounce stems\n')
    const id = await noted()
    for (const verb of ['put', 'patch']) {
      const fromFile = await runCli(['notes', verb, id, '--notes', '@n.md', '--json'], {
        env: mock.env(),
        cwd: directory,
      })
      expect(json(fromFile)).toEqual({ id, notes: '# Mix\nbounce stems' })
      expect(json(await piped(['notes', verb, id, '--notes', '-', '--json'], 'from stdin\n'))).toEqual({
        id,
        notes: 'from stdin',
      })
      expect(json(await piped(['notes', verb, id, '--notes', '@@mention', '--json']))).toEqual({
        id,
        notes: '@mention',
      })
    }
    const missing = await piped(['notes', 'put', id, '--notes', `@${join(directory, 'none.md')}`])
    expect(missing).toMatchObject({ code: 2, stdout: '' })
    expect(missing.stderr).toMatch(/^error: --notes: cannot read .*none\.md \(ENOENT\)\n/)
  })

  it('a PUT and its PATCH twin take the same flags', async () => {
    for (const group of ['tags', 'notes', 'waveform-notes']) {
      const flags = await Promise.all(
        ['put', 'patch'].map(async (verb) => {
          const help = (await piped([group, verb, '--help'])).stdout
          return help.slice(help.indexOf('Flags:'), help.indexOf('Request:'))
        }),
      )
      expect(flags[0]).toBe(flags[1])
    }
  })
})
