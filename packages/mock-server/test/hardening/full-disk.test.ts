import { appendFile, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { librarySnapshot } from '@session-library/schemas'
import { afterAll, describe, expect, it } from 'vitest'
import { mountSmallDisk } from '../../../../test-support/small-disk.js'
import type { LibrarySnapshot } from '../../src/store/records.js'
import { type CliProcess, call, killLeftoverClis, removeCliBundle, runCli } from '../node/cli/cli-process.js'

// On a real full disk: a 2 MB tmpfs the test mounts, POSTs of 60 KB notes until
// it is full, then room made again, then a SIGKILL. Skipped where the test may not mount one.

const disk = await mountSmallDisk(2 * 1024 * 1024)
afterAll(async () => {
  await killLeftoverClis()
  await removeCliBundle()
  await disk?.unmount()
})

const NOTE = 'x'.repeat(60_000)
const REFUSALS = 3

async function post(cli: CliProcess, title: string) {
  const answer = await call(cli, '/sessions', {
    method: 'POST',
    body: JSON.stringify({ title, notes: `${title} ${NOTE}` }),
  })
  return {
    status: answer.status,
    body: (await answer.json()) as { data: { id: string }; error: { code: string; message: string } },
  }
}

async function library(cli: CliProcess): Promise<LibrarySnapshot> {
  const answer = await fetch(`${new URL(cli.url).origin}/__mock/snapshot`, {
    headers: { Authorization: `Bearer ${cli.token}` },
  })
  return librarySnapshot.parse(((await answer.json()) as { data: unknown }).data) as LibrarySnapshot
}

/** A data file and a filler on the small disk, and a start of the mock on that file. */
function onDisk(name: string) {
  const root = disk?.path as string
  const file = join(root, `${name}.json`)
  return {
    file,
    filler: join(root, `${name}.filler`),
    start: () => runCli(['--port', '0', '--data', file, '--sessions', '0', '--quiet']),
  }
}

describe.skipIf(disk === undefined)('D19 on a full disk', () => {
  it('D19: on a full disk every 2xx survives SIGKILL, every 503 storage_unavailable left no trace, the log holds no padding, and the next start succeeds', async () => {
    const { file, filler, start } = onDisk('library')
    let cli = await start()
    expect(cli.url, cli.stderr()).not.toBe('')
    await writeFile(filler, Buffer.alloc(300_000))
    const acked = new Map<string, string>()
    const refused: string[] = []
    for (let index = 0; refused.length < REFUSALS && index < 100; index++) {
      const title = `full ${index}`
      const { status, body } = await post(cli, title)
      if (status === 201) acked.set(body.data.id, title)
      else {
        expect([status, body.error.code]).toEqual([503, 'storage_unavailable'])
        expect(body.error.message).toContain('ENOSPC')
        refused.push(title)
      }
    }
    expect(refused).toHaveLength(REFUSALS)
    const health = (await (await call(cli, '/health')).json()) as { data: { lastError?: string } }
    expect(health.data.lastError).toContain('ENOSPC')
    const listed = (await library(cli)).sessions.map(({ title }) => title)
    expect(listed.filter((title) => refused.includes(title))).toEqual([])
    // Room again: writes go on after the refused ones.
    await rm(filler)
    for (const title of ['freed 1', 'freed 2']) {
      const { status, body } = await post(cli, title)
      expect(status).toBe(201)
      acked.set(body.data.id, title)
    }
    cli.child.kill('SIGKILL')
    await cli.exited
    const log = await readFile(`${file}.log`).catch(() => Buffer.alloc(0))
    expect(log.includes(0)).toBe(false)
    cli = await start()
    expect(cli.url, cli.stderr()).not.toBe('')
    const sessions = new Map((await library(cli)).sessions.map((session) => [session.id, session]))
    for (const [id, title] of acked) expect(sessions.get(id)?.notes, `answered ${title}`).toBe(`${title} ${NOTE}`)
    expect([...sessions.values()].filter(({ title }) => refused.includes(title))).toEqual([])
    expect(sessions.size).toBe(acked.size)
    // No room for the fold even now: it keeps the log, and SIGTERM still saves and exits 0.
    expect(await cli.stop()).toBe(0)
    cli = await start()
    expect((await library(cli)).sessions).toHaveLength(acked.size)
    expect(await cli.stop()).toBe(0)
  }, 60_000)

  it('D19: a mock killed on a disk with no byte left starts again on it: reads answer, writes are 503', async () => {
    const { filler, start } = onDisk('full-start')
    let cli = await start()
    const { body } = await post(cli, 'kept')
    const chunk = Buffer.alloc(64 * 1024)
    // Every byte taken: appended until the disk refuses (ENOSPC).
    let full = false
    while (!full)
      full = await appendFile(filler, chunk).then(
        () => false,
        () => true,
      )
    cli.child.kill('SIGKILL')
    await cli.exited
    try {
      cli = await start()
      expect(cli.url, cli.stderr()).not.toBe('')
      expect((await library(cli)).sessions.map(({ id }) => id)).toEqual([body.data.id])
      const refused = await post(cli, 'no room')
      expect([refused.status, refused.body.error.code]).toEqual([503, 'storage_unavailable'])
      // An import that cannot be made durable is not accepted (D15 with D19).
      const items = [{ projectPath: '/music/none.als' }]
      const imported = await call(cli, '/import', { method: 'POST', body: JSON.stringify({ items }) })
      expect([imported.status, ((await imported.json()) as { error: { code: string } }).error.code]).toEqual([
        503,
        'storage_unavailable',
      ])
      expect((await library(cli)).sessions.map(({ id }) => id)).toEqual([body.data.id])
      expect(await cli.stop()).toBe(0)
    } finally {
      await rm(filler)
    }
  }, 60_000)
})
