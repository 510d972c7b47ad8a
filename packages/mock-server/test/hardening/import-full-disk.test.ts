import { appendFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { librarySnapshot } from '@session-library/schemas'
import { afterAll, describe, expect, it } from 'vitest'
import { mountSmallDisk } from '../../../../test-support/small-disk.js'
import type { ImportProgress } from '../../src/runtime/imports.js'
import { type CliProcess, call, killLeftoverClis, removeCliBundle, runCli } from '../node/cli/cli-process.js'

// D15 with D19 on a real full disk (a 2 MB tmpfs the test mounts): an import accepted before the disk
// fills waits for room, then completes, in the same process or after a SIGKILL and a restart.
// Skipped where the test may not mount one.

const disk = await mountSmallDisk(2 * 1024 * 1024)
afterAll(async () => {
  await killLeftoverClis()
  await removeCliBundle()
  await disk?.unmount()
})

const ITEMS = 400
const items = Array.from({ length: ITEMS }, (_, index) => ({ projectPath: `/music/full-${index}.als` }))

const start = (file: string) =>
  runCli(['--port', '0', '--data', file, '--sessions', '0', '--import-delay', '5', '--quiet'])

async function control<T>(cli: CliProcess, path: string): Promise<T> {
  const answer = await fetch(`${new URL(cli.url).origin}/__mock/${path}`, {
    headers: { Authorization: `Bearer ${cli.token}` },
  })
  return ((await answer.json()) as { data: T }).data
}
const progress = async (cli: CliProcess) => (await control<ImportProgress[]>(cli, 'imports'))[0]
const lastError = async (cli: CliProcess) =>
  ((await (await call(cli, '/health')).json()) as { data: { lastError?: string } }).data.lastError

/** Takes every byte left on the disk: appended until it refuses (ENOSPC), in smaller chunks at the end. */
async function fill(filler: string): Promise<void> {
  for (const size of [64 * 1024, 1024, 1])
    while (
      await appendFile(filler, Buffer.alloc(size)).then(
        () => true,
        () => false,
      )
    );
}

describe.skipIf(disk === undefined)('D15, D19: an import on a disk that fills', () => {
  it.each([
    ['in the same process', false],
    ['after a SIGKILL and a restart', true],
  ])(
    `D19: a ${ITEMS}-item import accepted on a disk that fills completes once room is made, %s`,
    async (_, restart) => {
      const file = join(disk?.path as string, `library-${restart}.json`)
      const filler = `${file}.filler`
      let cli = await start(file)
      expect(cli.url, cli.stderr()).not.toBe('')
      const accepted = await call(cli, '/import', { method: 'POST', body: JSON.stringify({ items }) })
      expect(accepted.status).toBe(202)
      await fill(filler)
      await expect.poll(() => lastError(cli), { timeout: 10_000 }).toMatch(/^import imp_\S+: item \d+ .*ENOSPC/)
      const stuck = await progress(cli)
      expect(stuck).toMatchObject({ done: false, failed: 0 })
      expect(stuck?.completed).toBeLessThan(ITEMS)
      if (restart) {
        cli.child.kill('SIGKILL')
        await cli.exited
      }
      await rm(filler)
      if (restart) cli = await start(file)
      await expect.poll(async () => (await progress(cli))?.done, { timeout: 30_000 }).toBe(true)
      const done = await progress(cli)
      // After a SIGKILL, an item whose session was saved but not its outcome runs again and is skipped.
      expect(done).toMatchObject({ total: ITEMS, failed: 0, skipped: expect.toBeOneOf(restart ? [0, 1] : [0]) })
      expect((done?.completed ?? 0) + (done?.skipped ?? 0)).toBe(ITEMS)
      const { sessions } = librarySnapshot.parse(await control(cli, 'snapshot'))
      expect(sessions.map(({ projectPath }) => projectPath).sort()).toEqual(
        items.map((item) => item.projectPath).sort(),
      )
      expect(await cli.stop()).toBe(0)
    },
    90_000,
  )
})
