import { mkdtemp, readlink, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killLeftoverClis, removeCliBundle, runCli } from '../node/cli/cli-process.js'

// `echo 999999 > lib.json.lock` and two mocks started at once: exactly one must run each time, the
// other refuse with exit 2.

const TRIALS = 20
/** A process id no process has (above Linux's pid_max default). */
const DEAD_PID = 999_999

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-stale-lock-'))
})
afterAll(async () => {
  await killLeftoverClis()
  await removeCliBundle()
  await rm(directory, { recursive: true, force: true })
})

describe('D19: a stale lock is taken over by exactly one mock', () => {
  it(`D19: ${TRIALS} trials of two mocks started at once on a stale lock: exactly one runs each time`, async () => {
    const file = join(directory, 'library.json')
    const args = ['--port', '0', '--data', file, '--sessions', '0', '--quiet']
    for (let trial = 0; trial < TRIALS; trial++) {
      await writeFile(`${file}.lock`, `${DEAD_PID}\n`)
      const pair = await Promise.all([runCli(args), runCli(args)])
      const running = pair.filter((cli) => cli.url !== '')
      expect(running, `trial ${trial}: ${pair.map((cli) => cli.stderr()).join(' | ')}`).toHaveLength(1)
      const [winner] = running
      const loser = pair.find((cli) => cli !== winner)
      expect(await loser?.exited).toBe(2)
      expect(loser?.stderr()).toContain(`is in use by another mock (process ${winner?.child.pid})`)
      expect(await readlink(`${file}.lock`)).toBe(`${winner?.child.pid}`)
      expect(await winner?.stop(), `trial ${trial}: ${winner?.stderr()} ${winner?.child.signalCode}`).toBe(0)
    }
  }, 120_000)
})
