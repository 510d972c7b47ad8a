import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

const start = (file: string) =>
  runCli(['--port', '0', '--data', file, '--sessions', '0', '--import-delay', '20', '--quiet'])
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
})
