import { spawnSync } from 'node:child_process'
import { chmod, chown, copyFile, mkdir, mkdtemp, readFile, rm, stat, statfs, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { mountSmallDisk } from '../../../../test-support/small-disk.js'
import { writeDataFile } from '../../src/node/persistence/data-file.js'
import { startServer } from '../../src/node.js'
import type { LibrarySnapshot } from '../../src/store/records.js'
import { type CliProcess, call, cliBundle, killLeftoverClis, removeCliBundle, runCli } from '../node/cli/cli-process.js'
import { storedSession } from '../support/library.js'

// A fold that fails (a folder made read-only, a full disk) is retried, not fatal.

const disk = await mountSmallDisk(2 * 1024 * 1024)
afterAll(async () => {
  await killLeftoverClis()
  await removeCliBundle()
  await disk?.unmount()
})
const canDropRoot = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0

const titlesIn = async (file: string) =>
  (JSON.parse(await readFile(file, 'utf8')) as LibrarySnapshot).sessions.map(({ title }) => title).sort()
const gone = (path: string) =>
  stat(path).then(
    () => false,
    () => true,
  )

async function health(cli: CliProcess): Promise<{ lastError?: string }> {
  return ((await (await call(cli, '/health')).json()) as { data: { lastError?: string } }).data
}

describe.skipIf(!canDropRoot)('D19: a fold in a folder made read-only', () => {
  it('D19: with the data folder chmod 555 (mock as nobody) the fold fails, writes go on 2xx and visible, lastError and stderr say EACCES; after chmod 755 the next fold succeeds', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mock-fold-'))
    try {
      const folder = join(root, 'data')
      await mkdir(folder)
      await chown(folder, 65534, 65534)
      await chmod(root, 0o755)
      const bundle = join(root, 'mock.mjs')
      await copyFile(await cliBundle(), bundle)
      const file = join(folder, 'library.json')
      const prefix = ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups']
      const cli = await runCli(['--port', '0', '--data', file, '--sessions', '0', '--quiet'], {}, { bundle, prefix })
      expect(cli.url, cli.stderr()).not.toBe('')
      const post = async (title: string) =>
        (await call(cli, '/sessions', { method: 'POST', body: JSON.stringify({ title }) })).status
      expect(await post('Before')).toBe(201)
      await chmod(folder, 0o555)
      await expect.poll(async () => (await health(cli)).lastError, { timeout: 10_000 }).toContain('EACCES')
      expect(cli.stderr()).toContain('could not fold the change log into the file (EACCES')
      for (const title of ['During 1', 'During 2']) expect(await post(title)).toBe(201)
      const listed = (await (await call(cli, '/sessions?limit=10')).json()) as { data: { title: string }[] }
      expect(listed.data.map(({ title }) => title).sort()).toEqual(['Before', 'During 1', 'During 2'])
      await chmod(folder, 0o755)
      await expect.poll(() => titlesIn(file), { timeout: 15_000 }).toEqual(['Before', 'During 1', 'During 2'])
      // The file is renamed into place before `.log.1` is removed.
      await expect.poll(() => gone(`${file}.log.1`)).toBe(true)
      expect(await cli.stop()).toBe(0)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  }, 40_000)
})

describe.skipIf(disk === undefined)('D19: a fold on a full disk', () => {
  it('D19: a fold that meets ENOSPC keeps the log, writes go on 2xx, lastError says ENOSPC; once there is room the next fold succeeds', async () => {
    const root = disk?.path as string
    const file = join(root, 'library.json')
    const sessions = Array.from({ length: 60 }, (_, index) =>
      storedSession({ id: `ses_${index}`, title: `Big ${index}`, notes: 'n'.repeat(10_000) }),
    )
    await writeDataFile(file, { version: 1, nextId: 100, sessions, lanes: [] })
    const token = 'fold-failure-token'
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const server = await startServer({ port: 0, token, data: file, compaction: { afterIdleMs: 300 } })
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const post = async (title: string) =>
      (await fetch(`${server.url}/sessions`, { method: 'POST', headers, body: JSON.stringify({ title }) })).status
    const filler = join(root, 'filler')
    try {
      const { bavail, bsize } = await statfs(root)
      await writeFile(filler, Buffer.alloc(bavail * bsize - 200_000))
      expect(await post('Small 1')).toBe(201)
      const lastError = async () =>
        ((await (await fetch(`${server.url}/health`, { headers })).json()) as { data: { lastError?: string } }).data
          .lastError
      await expect.poll(lastError, { timeout: 10_000 }).toContain('ENOSPC')
      // Within the back-off (twice the idle time): no fold is filling the disk while this is written.
      expect(await post('Small 2')).toBe(201)
      await rm(filler)
      await expect
        .poll(async () => (await titlesIn(file)).filter((title) => title.startsWith('Small')), {
          timeout: 15_000,
        })
        .toEqual(['Small 1', 'Small 2'])
      // The file is renamed into place before `.log.1` is removed.
      await expect.poll(() => gone(`${file}.log.1`)).toBe(true)
      expect(stderr.mock.calls.some(([text]) => String(text).includes('could not fold'))).toBe(true)
    } finally {
      await server.close()
      stderr.mockRestore()
      await rm(filler, { force: true })
    }
  }, 40_000)
})
