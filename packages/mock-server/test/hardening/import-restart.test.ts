import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Session } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportProgress } from '../../src/runtime/imports.js'
import { type CliProcess, call, killLeftoverClis, removeCliBundle, runCli } from '../node/cli/cli-process.js'

// D15 with D19: an import answered 202 is durable with its items; killed half-way (SIGKILL), the
// next start goes on with it, so every item is processed once and the import is known.

const ITEMS = 50
let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-import-restart-'))
})
afterAll(async () => {
  await killLeftoverClis()
  await removeCliBundle()
  await rm(directory, { recursive: true, force: true })
})

const start = (file: string, delay = 20) =>
  runCli(['--port', '0', '--data', file, '--sessions', '0', '--import-delay', String(delay), '--quiet'])
const songs = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ projectPath: `/music/song-${index}.als` }))
const sessionsOf = async (cli: CliProcess) =>
  ((await (await call(cli, '/sessions?limit=500')).json()) as { data: Session[] }).data
const importAt = async (cli: CliProcess, body: object) =>
  expect((await call(cli, '/import', { method: 'POST', body: JSON.stringify(body) })).status).toBe(202)
const progress = async (cli: CliProcess) =>
  (
    (await (
      await fetch(`${cli.url.replace('/api/v1', '')}/__mock/imports`, {
        headers: { authorization: `Bearer ${cli.token}` },
      })
    ).json()) as { data: ImportProgress[] }
  ).data

describe('D15, D19: an accepted import survives a SIGKILL', () => {
  it(`D19: a ${ITEMS}-item import killed part-way resumes after the restart: every item processed once, the import known and done`, async () => {
    const file = join(directory, 'library.json')
    const first = await start(file)
    expect(first.url, first.stderr()).not.toBe('')
    const items = Array.from({ length: ITEMS }, (_, index) => ({ projectPath: `/music/song-${index}.als` }))
    const accepted = await call(first, '/import', { method: 'POST', body: JSON.stringify({ items }) })
    expect(accepted.status).toBe(202)
    const { importId } = ((await accepted.json()) as { data: { importId: string } }).data
    await expect.poll(async () => (await progress(first))[0]?.completed, { timeout: 10_000 }).toBeGreaterThanOrEqual(9)
    await first.stop('SIGKILL')

    const second = await start(file)
    expect(second.url, second.stderr()).not.toBe('')
    await expect.poll(async () => (await progress(second))[0]?.done, { timeout: 20_000 }).toBe(true)
    const [resumed] = await progress(second)
    expect(resumed).toMatchObject({ importId, total: ITEMS, failed: 0 })
    // An item whose session was saved just before the kill, but not its step, is skipped the second time.
    expect((resumed?.completed ?? 0) + (resumed?.skipped ?? 0)).toBe(ITEMS)
    expect(resumed?.skipped).toBeLessThanOrEqual(1)
    const sessions = await call(second, '/sessions?limit=500')
    const paths = ((await sessions.json()) as { data: { projectPath: string }[] }).data.map((s) => s.projectPath)
    expect(paths.sort()).toEqual(items.map((item) => item.projectPath).sort())
    expect(await second.stop()).toBe(0)
    // Nothing is left to resume: the imports file is gone with the last import (the seal of the file's check stays).
    expect((await readdir(directory)).sort()).toEqual(['library.json', 'library.json.checked'])
  }, 60_000)
  const damages: [string, (lines: string[], step: string) => void][] = [
    ['duplicated', (lines, step) => lines.splice(lines.indexOf(step), 0, step)],
    ['dropped', (lines, step) => lines.splice(lines.indexOf(step), 1)],
  ]
  it.each(damages)(
    'D19: a %s line of the imports file neither drops nor repeats an item after a restart',
    async (name, damage) => {
      const file = join(directory, `${name}.json`)
      const first = await start(file)
      await importAt(first, { items: songs(20) })
      await expect
        .poll(async () => (await progress(first))[0]?.completed, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(8)
      await first.stop('SIGKILL')
      const lines = (await readFile(`${file}.imports`, 'utf8')).split('\n')
      damage(lines, lines.filter((line) => line.includes('"item":'))[3] as string)
      await writeFile(`${file}.imports`, lines.join('\n'))

      const second = await start(file)
      await expect.poll(async () => (await progress(second))[0]?.done, { timeout: 20_000 }).toBe(true)
      const [resumed] = await progress(second)
      // The item of the dropped line runs again: its session exists, so it is skipped, never made twice.
      expect(resumed).toMatchObject({ total: 20, failed: 0 })
      expect((resumed?.completed ?? 0) + (resumed?.skipped ?? 0)).toBe(20)
      const paths = (await sessionsOf(second)).map((session) => session.projectPath)
      expect(paths.sort()).toEqual(
        songs(20)
          .map((item) => item.projectPath)
          .sort(),
      )
      expect(await second.stop()).toBe(0)
    },
    60_000,
  )

  it('D19: a preview a crash left pending (its session made, the item not recorded) is ready after the restart', async () => {
    const file = join(directory, 'previews.json')
    const first = await start(file, 2_000)
    const item = { projectPath: '/music/mix.als', previewAudioPath: '/music/mix.wav' }
    await importAt(first, { generatePreviews: true, items: [item] })
    await expect.poll(async () => (await sessionsOf(first))[0]?.previewStatus, { timeout: 10_000 }).toBe('pending')
    await first.stop('SIGKILL')

    const second = await start(file, 20)
    await expect.poll(async () => (await progress(second))[0]?.done, { timeout: 20_000 }).toBe(true)
    const [session] = await sessionsOf(second)
    expect([session?.previewStatus, session?.previews.map((preview) => preview.status)]).toEqual(['ready', ['ready']])
    const [resumed] = await progress(second)
    expect(resumed).toMatchObject({ total: 1, completed: 1, skipped: 0, failed: 0, createdSessionIds: [session?.id] })
    expect(await second.stop()).toBe(0)
  }, 60_000)
})
