import { spawnSync } from 'node:child_process'
import { link, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileHeld, lockFile, socketFolder } from '../src/file-lock.js'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'file-lock-'))
})
afterEach(() => rm(directory, { recursive: true, force: true }))

const places = {
  'an abstract socket (Linux)': () => undefined,
  'socket files (elsewhere)': () => socketFolder(join(directory, 'locks')),
}

describe.each(Object.entries(places))('one holder per file, held as %s', (_, place) => {
  it('refuses a second lock of the file naming the holder, by its path and a hard link; free again once released', async () => {
    const file = join(directory, 'data.json')
    await writeFile(file, '{}')
    await link(file, join(directory, 'hard.json'))
    const lock = await lockFile(file, 'first (process 1)', place())
    for (const path of [file, join(directory, 'hard.json')]) {
      const refused = lockFile(path, 'second', place())
      await expect(refused).rejects.toThrow(FileHeld)
      await expect(refused).rejects.toThrow(`${path} is in use by first (process 1)`)
    }
    await lock.release()
    await (await lockFile(join(directory, 'hard.json'), 'second', place())).release()
  })

  it('locks a file that does not exist yet by its folder and name; follows it once it exists', async () => {
    const file = join(directory, 'new.json')
    const lock = await lockFile(file, 'first', place())
    await expect(lockFile(file, 'second', place())).rejects.toThrow(FileHeld)
    await writeFile(file, '{}')
    await link(file, join(directory, 'hard.json'))
    await (await lockFile(join(directory, 'hard.json'), 'second', place())).release()
    await lock.follow()
    await expect(lockFile(join(directory, 'hard.json'), 'second', place())).rejects.toThrow('in use by first')
    await lock.release()
  })

  it('of two locks asked at once, exactly one is given, each of 20 times', async () => {
    const file = join(directory, 'raced.json')
    for (let trial = 0; trial < 20; trial++) {
      const results = await Promise.allSettled([lockFile(file, 'a', place()), lockFile(file, 'b', place())])
      const held = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      expect(held).toHaveLength(1)
      await held[0]?.release()
    }
  })
})

describe('socket files left by a holder killed with SIGKILL', () => {
  it('are taken over (the connection is refused), by exactly one of two starts', async () => {
    const place = socketFolder(join(directory, 'locks'))
    const file = join(directory, 'data.json')
    const script = `
      const { lockFile, socketFolder } = await import(${JSON.stringify(new URL('../src/file-lock.ts', import.meta.url).href)})
      await lockFile(${JSON.stringify(file)}, 'killed', socketFolder(${JSON.stringify(join(directory, 'locks'))}))
      process.kill(process.pid, 'SIGKILL')`
    const killed = spawnSync(process.execPath, ['--experimental-strip-types', '--input-type=module', '-e', script])
    expect(killed.signal, String(killed.stderr)).toBe('SIGKILL')
    expect(await readdir(join(directory, 'locks'))).toHaveLength(1)
    const results = await Promise.allSettled([lockFile(file, 'a', place), lockFile(file, 'b', place)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })
})
