import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from '../../../test/support/cli.js'

const mock = useMock({ sessions: 2 })
const piped = (args: string[], options: { stdin?: string; cwd?: string } = {}) =>
  runCli(args, { env: mock.env(), ...options })
const onTerminal = (args: string[], answer: string) =>
  runCli(args, { env: { ...mock.env(), NO_COLOR: '1' }, tty: true, stdin: answer })

async function noted(): Promise<string> {
  const created = await piped(['sessions', 'create', '--title', 'Noted', '--notes', 'kept', '--json'])
  return (json(created) as Session).id
}

describe('notes set <id> <text>: notes put with the text as an argument', () => {
  it('@file reads the file as --notes @file does; @@ sends a text that starts with @', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'cli-notes-set-'))
    await writeFile(join(directory, 'n.md'), 'from a file\nsecond line\n')
    const id = await noted()
    const fromFile = await piped(['notes', 'set', id, '@n.md', '--json'], { cwd: directory })
    expect(json(fromFile)).toEqual({ id, notes: 'from a file\nsecond line' })
    expect(json(await piped(['notes', 'set', id, '@@n.md', '--json']))).toEqual({ id, notes: '@n.md' })
    expect(json(await piped(['notes', 'set', id, '@-', '--json'], { stdin: 'piped\n' }))).toEqual({
      id,
      notes: 'piped',
    })
  })

  it('D7: "" clears, so on a terminal it asks as notes put does; notes clear asks the same', async () => {
    const id = await noted()
    for (const args of [
      ['notes', 'set', id, ''],
      ['notes', 'clear', id],
    ]) {
      const refused = await onTerminal(args, 'n\n')
      expect(refused).toMatchObject({ code: 2, stdout: '' })
      expect(refused.stderr).toBe(
        `Clear the notes of session “Noted” (${id})? [y/N] error: cancelled; nothing was changed\n`,
      )
    }
    expect(json(await piped(['notes', 'set', id, '', '--json']))).toEqual({ id, notes: '' })
  })
})
