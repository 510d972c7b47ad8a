import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { cliBundle, removeCliBundle, runCli } from './cli-process.js'

const bin = fileURLToPath(new URL('../../../bin/session-library-mock.js', import.meta.url))

let directory: string | undefined
afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true })
  await removeCliBundle()
})

describe('session-library-mock: the bin', () => {
  it("keeps the compiled code of what a start loads in Node's compile cache, so later starts skip compiling it", async () => {
    // The package's layout: bin/ beside dist/cli.js (here the CLI bundled from the sources).
    directory = await mkdtemp(join(tmpdir(), 'mock-bin-'))
    await mkdir(join(directory, 'bin'))
    await mkdir(join(directory, 'dist'))
    await copyFile(bin, join(directory, 'bin', 'session-library-mock.js'))
    await copyFile(await cliBundle(), join(directory, 'dist', 'cli.js'))
    // Node's default place for it: node-compile-cache in the temporary directory.
    const temporary = join(directory, 'tmp')
    await mkdir(temporary)
    const cli = await runCli(
      ['--port', '0', '--quiet'],
      { TMPDIR: temporary },
      {
        bundle: join(directory, 'bin', 'session-library-mock.js'),
      },
    )
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    expect(await cli.stop()).toBe(0)
    expect((await readdir(join(temporary, 'node-compile-cache'), { recursive: true })).length).toBeGreaterThan(0)
  })
})
