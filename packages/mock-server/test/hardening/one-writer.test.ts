import { spawnSync } from 'node:child_process'
import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeDataFile } from '../../src/node/persistence/data-file.js'
import { killLeftoverClis, removeCliBundle, runCli } from '../node/cli/cli-process.js'

// D19: one process a data file, whatever the path that names it (a symlinked folder, a hard link)
// and whatever PID or network namespace it runs in; a holder killed with SIGKILL leaves nothing that blocks the
// next start.

const TRIALS = 10
const args = (file: string) => ['--port', '0', '--data', file, '--sessions', '0', '--quiet']
// Another PID namespace, in which the mock is process 1 (root, or a user namespace, is needed).
const UNSHARE = ['unshare', '--pid', '--fork', '--kill-child']
const unshared = spawnSync(UNSHARE[0] as string, [...UNSHARE.slice(1), 'true']).status === 0
// Another network namespace (a container with its own network on a shared volume).
const NETWORK = ['unshare', '--net']
const netUnshared = spawnSync(NETWORK[0] as string, [...NETWORK.slice(1), 'true']).status === 0

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-one-writer-'))
})
afterAll(async () => {
  await killLeftoverClis()
  await removeCliBundle()
  await rm(directory, { recursive: true, force: true })
})

describe('D19: one writer per data file, whatever the path', () => {
  it(`D19: ${TRIALS} trials of two mocks started at once on one file through two paths: exactly one runs; after its SIGKILL the next start runs`, async () => {
    const file = join(directory, 'library.json')
    await symlink(directory, `${directory}-link`)
    const other = join(`${directory}-link`, 'library.json')
    try {
      for (let trial = 0; trial < TRIALS; trial++) {
        const pair = await Promise.all([runCli(args(file)), runCli(args(other))])
        const running = pair.filter((cli) => cli.url !== '')
        expect(running, `trial ${trial}: ${pair.map((cli) => cli.stderr()).join(' | ')}`).toHaveLength(1)
        const [winner] = running
        const loser = pair.find((cli) => cli !== winner)
        expect(await loser?.exited).toBe(2)
        expect(loser?.stderr()).toContain(`is in use by session-library-mock (process ${winner?.child.pid})`)
        await winner?.stop('SIGKILL')
      }
      const after = await runCli(args(file))
      expect(after.url, after.stderr()).not.toBe('')
      expect(await after.stop()).toBe(0)
    } finally {
      await rm(`${directory}-link`)
    }
  }, 120_000)

  it('D19: a hard link to the held file, in another folder, is the same file: refused', async () => {
    const file = join(directory, 'linked.json')
    await writeDataFile(file, { version: 1, nextId: 1, sessions: [], lanes: [] })
    await mkdir(join(directory, 'elsewhere'), { recursive: true })
    const hard = join(directory, 'elsewhere', 'hard.json')
    await link(file, hard)
    const first = await runCli(args(file))
    expect(first.url, first.stderr()).not.toBe('')
    const second = await runCli(args(hard))
    expect(await second.exited).toBe(2)
    expect(second.stderr()).toContain(`--data ${hard}: is in use by session-library-mock (process ${first.child.pid})`)
    expect(await first.stop()).toBe(0)
  })

  it('D19: a bind mount of the held file is the same file: refused (where the test may mount)', async (context) => {
    const file = join(directory, 'bound.json')
    await writeDataFile(file, { version: 1, nextId: 1, sessions: [], lanes: [] })
    await mkdir(join(directory, 'elsewhere'), { recursive: true })
    const bound = join(directory, 'elsewhere', 'bound.json')
    await writeFile(bound, '')
    if (spawnSync('mount', ['--bind', file, bound]).status !== 0)
      return context.skip('mount --bind is not allowed here')
    try {
      const first = await runCli(args(file))
      expect(first.url, first.stderr()).not.toBe('')
      const second = await runCli(args(bound))
      expect(await second.exited).toBe(2)
      expect(second.stderr()).toContain(`is in use by session-library-mock (process ${first.child.pid})`)
      expect(await first.stop()).toBe(0)
    } finally {
      spawnSync('umount', [bound])
    }
  })

  it.skipIf(!unshared)(
    'D19: a mock in another PID namespace (process 1 there) and one outside never share the file; its SIGKILL frees it',
    async () => {
      const file = join(directory, 'namespaced.json')
      const inside = await runCli(args(file), {}, { prefix: UNSHARE })
      expect(inside.url, inside.stderr()).not.toBe('')
      const outside = await runCli(args(file))
      expect(await outside.exited).toBe(2)
      expect(outside.stderr()).toContain('is in use by session-library-mock (process 1)')
      await inside.stop('SIGKILL')
      const next = await runCli(args(file))
      expect(next.url, next.stderr()).not.toBe('')
      const refused = await runCli(args(file), {}, { prefix: UNSHARE })
      expect(await refused.exited).toBe(2)
      expect(refused.stderr()).toContain(`is in use by session-library-mock (process ${next.child.pid})`)
      expect(await next.stop()).toBe(0)
    },
  )

  it.skipIf(!netUnshared)('D19: a mock in another network namespace is refused the held file', async () => {
    const file = join(directory, 'networked.json')
    const outside = await runCli(args(file))
    expect(outside.url, outside.stderr()).not.toBe('')
    const inside = await runCli(args(file), {}, { prefix: NETWORK })
    expect(await inside.exited).toBe(2)
    expect(inside.stderr()).toContain(`is in use by session-library-mock (process ${outside.child.pid})`)
    expect(await outside.stop()).toBe(0)
  })
})
