import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from '../../test/support/cli.js'

const mock = useMock({ sessions: 2 })
const stored = (id: string) =>
  mock
    .server()
    .api.snapshot()
    .sessions.find((session) => session.id === id)
const onTerminal = (args: string[], answer: string) =>
  runCli(args, { env: { ...mock.env(), NO_COLOR: '1' }, tty: true, stdin: answer })
const piped = (args: string[]) => runCli(args, { env: mock.env() })

async function created(): Promise<Session> {
  return json(
    await piped(['sessions', 'create', '--title', 'Keep', '--tags', 'a,b', '--notes', 'n', '--json']),
  ) as Session
}

describe('destructive commands ask on a terminal unless --yes; a pipe proceeds', () => {
  it('sessions delete: "n" cancels (exit 2, nothing sent), "y" deletes, --yes does not ask', async () => {
    const { id } = await created()
    const since = mock.journalMark()
    const no = await onTerminal(['sessions', 'delete', id], 'n\n')
    expect(no).toMatchObject({ code: 2, stdout: '' })
    expect(no.stderr).toBe(`Delete session “Keep” (${id})? [y/N] error: cancelled; nothing was changed\n`)
    // Only the read that names the session in the question: nothing written.
    expect(since()).toEqual(['GET'])
    expect(stored(id)).toBeDefined()
    const yes = await onTerminal(['sessions', 'delete', id], 'y\n')
    expect(yes.code).toBe(0)
    expect(stored(id)).toBeUndefined()
    const other = await created()
    const flagged = await onTerminal(['sessions', 'delete', other.id, '--yes'], '')
    expect(flagged).toMatchObject({ code: 0 })
    expect(flagged.stderr).toBe('')
  })

  it('D6, D7: sessions update that drops tags or clears notes asks as tags and notes do; "n" leaves the session as it was', async () => {
    const { id } = await created()
    const since = mock.journalMark()
    for (const [flags, question] of [
      [['--notes', ''], 'Clear the notes'],
      [['--tags', ''], 'Remove the tags a, b'],
      [['--tags', 'a', '--notes', ''], 'Remove the tags b and clear the notes'],
    ] as const) {
      const refused = await onTerminal(['sessions', 'update', id, ...flags], 'n\n')
      expect(refused).toMatchObject({ code: 2, stdout: '' })
      expect(refused.stderr).toBe(
        `${question} of session “Keep” (${id})? [y/N] error: cancelled; nothing was changed\n`,
      )
    }
    const writes = since().filter((method) => method !== 'GET')
    expect(writes).toEqual([])
    expect(stored(id)).toMatchObject({ tags: ['a', 'b'], notes: 'n' })
    expect(await onTerminal(['sessions', 'update', id, '--title', 'Kept', '--tags', 'a,b,c'], '')).toMatchObject({
      code: 0,
      stderr: '',
    })
  })

  it('D14: waveform-notes replace (and its old name put) asks before replacing a lane it cannot read first', async () => {
    const { id } = await created()
    for (const verb of ['replace', 'put', 'patch']) {
      const refused = await onTerminal(['waveform-notes', verb, id, '--notes', '[{"timestamp":0,"text":"one"}]'], 'n\n')
      expect(refused).toMatchObject({ code: 2, stdout: '' })
      expect(refused.stderr).toMatch(
        /^Replace the waveform notes \(those not in this request are removed\) of session “Keep”/,
      )
    }
  })

  it('on a pipe it proceeds without asking, as before', async () => {
    const { id } = await created()
    const ran = await piped(['sessions', 'delete', id])
    expect(ran).toMatchObject({ code: 0, stderr: '' })
    expect(stored(id)).toBeUndefined()
  })

  it('notes clear asks; tags put asks only when it would remove tags (D6)', async () => {
    const { id } = await created()
    const notes = await onTerminal(['notes', 'clear', id], '\n')
    expect(notes.stderr).toMatch(/^Clear the notes of session “Keep”/)
    expect(notes.code).toBe(2)
    expect(stored(id)?.notes).toBe('n')
    const more = await onTerminal(['tags', 'put', id, '--tags', 'a,b,c'], '')
    expect(more).toMatchObject({ code: 0, stderr: '' })
    const fewer = await onTerminal(['tags', 'put', id, '--tags', 'a'], 'no\n')
    expect(fewer.stderr).toMatch(
      new RegExp(`^Remove the tags b, c of session “Keep” \\(${id}\\)\\? \\[y/N\\] error: cancelled`),
    )
    expect(stored(id)?.tags).toEqual(['a', 'b', 'c'])
    const agreed = await onTerminal(['tags', 'put', id, '--tags', 'a'], 'yes\n')
    expect(agreed.code).toBe(0)
    expect(stored(id)?.tags).toEqual(['a'])
  })

  it('D6: tags patch replaces the list as tags put does, so it asks the same before removing tags', async () => {
    const { id } = await created()
    const before = mock.server().api.journal().length
    const refused = await onTerminal(['tags', 'patch', id, '--tags', 'a'], 'n\n')
    expect(refused).toMatchObject({ code: 2, stdout: '' })
    expect(refused.stderr).toBe(
      `Remove the tags b of session “Keep” (${id})? [y/N] error: cancelled; nothing was changed\n`,
    )
    expect(
      mock
        .server()
        .api.journal()
        .slice(before)
        .every((entry) => entry.method === 'GET'),
    ).toBe(true)
    expect(stored(id)?.tags).toEqual(['a', 'b'])
    const flagged = await onTerminal(['tags', 'patch', id, '--tags', 'a', '--yes'], '')
    expect(flagged).toMatchObject({ code: 0, stderr: '' })
    expect(stored(id)?.tags).toEqual(['a'])
  })

  it('D7: notes put and notes patch with "" clear the notes, so they ask as notes clear does; a text does not ask', async () => {
    const { id } = await created()
    for (const verb of ['put', 'patch']) {
      const refused = await onTerminal(['notes', verb, id, '--notes', ''], '\n')
      expect(refused).toMatchObject({ code: 2, stdout: '' })
      expect(refused.stderr).toBe(
        `Clear the notes of session “Keep” (${id})? [y/N] error: cancelled; nothing was changed\n`,
      )
      expect(stored(id)?.notes).toBe('n')
    }
    const text = await onTerminal(['notes', 'patch', id, '--notes', 'new'], '')
    expect(text).toMatchObject({ code: 0, stderr: '' })
    const flagged = await onTerminal(['notes', 'put', id, '--notes', '', '--yes'], '')
    expect(flagged).toMatchObject({ code: 0, stderr: '' })
    expect(stored(id)?.notes).toBe('')
  })

  it('D6, D7: on a pipe tags patch and notes patch proceed without asking, as tags put does', async () => {
    const { id } = await created()
    expect(await piped(['tags', 'patch', id, '--tags', 'a'])).toMatchObject({ code: 0, stderr: '' })
    expect(await piped(['notes', 'patch', id, '--notes', ''])).toMatchObject({ code: 0, stderr: '' })
    expect(stored(id)).toMatchObject({ tags: ['a'], notes: '' })
  })

  it('every PUT and its PATCH twin take --yes alike (one rule per resource, not a list of commands)', async () => {
    for (const [group, verb] of [
      ['tags', 'replace'],
      ['notes', 'set'],
      ['waveform-notes', 'replace'],
    ] as const) {
      const [put, patch] = await Promise.all(
        [verb, 'patch'].map(async (verb) => (await piped([group, verb, '--help'])).stdout),
      )
      expect(put).toContain('--yes')
      expect(patch).toContain('--yes')
    }
  })
})
