import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { link, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileHeld, HOLDER_SAYS, LOCK_PREFIX, lockFile } from '../src/file-lock.js'
import { escapeMessage } from '../src/terminal-text.js'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'file-lock-'))
})
afterEach(() => rm(directory, { recursive: true, force: true }))

const sockets = async (folder = directory) => (await readdir(folder)).filter((name) => name.startsWith(LOCK_PREFIX))

// The hint's abstract name, as lockFile derives it from the file's device and inode.
async function hintName(file: string): Promise<string> {
  const { dev, ino } = await stat(file, { bigint: true })
  return `\0session-library-${createHash('sha256').update(`f${dev}-${ino}`).digest('hex').slice(0, 16)}`
}

describe('D19: one holder per file', () => {
  it('D19: refuses a second lock of the file naming the holder, by its path and a hard link; free again once released', async () => {
    const file = join(directory, 'data.json')
    await writeFile(file, '{}')
    await link(file, join(directory, 'hard.json'))
    const lock = await lockFile(file, 'first (process 1)')
    for (const path of [file, join(directory, 'hard.json')]) {
      const refused = lockFile(path, 'second')
      await expect(refused).rejects.toThrow(FileHeld)
      await expect(refused).rejects.toThrow(`${path} is in use by first (process 1)`)
    }
    await lock.release()
    expect(await sockets()).toEqual([])
    await (await lockFile(join(directory, 'hard.json'), 'second')).release()
  })

  it('D19: locks a file that does not exist yet by its folder and name; follows it once it exists', async () => {
    const file = join(directory, 'new.json')
    const lock = await lockFile(file, 'first')
    await expect(lockFile(file, 'second')).rejects.toThrow(FileHeld)
    await writeFile(file, '{}')
    await link(file, join(directory, 'hard.json'))
    await (await lockFile(join(directory, 'hard.json'), 'second')).release()
    await lock.follow()
    await expect(lockFile(join(directory, 'hard.json'), 'second')).rejects.toThrow('in use by first')
    await lock.release()
  })

  it('D19: of two locks asked at once, exactly one is given, each of 20 times', async () => {
    const file = join(directory, 'raced.json')
    for (let trial = 0; trial < 20; trial++) {
      const results = await Promise.allSettled([lockFile(file, 'a'), lockFile(file, 'b')])
      const held = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      expect(held).toHaveLength(1)
      await held[0]?.release()
    }
  })

  it('D19: the lock is a socket file beside the file, only its owner may ask it: only who may write the folder can make it', async () => {
    const file = join(directory, 'data.json')
    await writeFile(file, '{}')
    const lock = await lockFile(file, 'first')
    const names = await sockets()
    expect(names).toHaveLength(2)
    for (const name of names) {
      const socket = await lstat(join(directory, name))
      expect(socket.isSocket()).toBe(true)
      expect(socket.mode & 0o777).toBe(0o600)
    }
    await lock.release()
  })

  it.runIf(process.platform === 'linux')(
    'D19: a hard link in another folder is found through the hint; a squatted hint blocks nothing',
    async () => {
      const file = join(directory, 'data.json')
      await writeFile(file, '{}')
      await mkdir(join(directory, 'other'))
      const hard = join(directory, 'other', 'hard.json')
      await link(file, hard)
      const lock = await lockFile(file, 'first')
      await expect(lockFile(hard, 'second')).rejects.toThrow(`${hard} is in use by first`)
      await lock.release()
      // A squatter that binds every hint name and lies (a path of another file, then silence).
      const hints = await hintName(file)
      const liar = createServer((socket) => socket.end(`${join(directory, 'other')}\n`))
      await new Promise<void>((resolve) => liar.listen(hints, () => resolve()))
      try {
        const started = Date.now()
        const held = await lockFile(hard, 'second')
        expect(Date.now() - started).toBeLessThan(HOLDER_SAYS.ms + 500)
        await held.release()
      } finally {
        await new Promise((resolve) => liar.close(resolve))
      }
    },
  )

  it('D19: a folder whose path is too long for a socket address is locked as well', async () => {
    const folder = join(directory, 'x'.repeat(60), 'y'.repeat(60))
    await mkdir(folder, { recursive: true })
    const file = join(folder, 'data.json')
    const lock = await lockFile(file, 'first')
    await expect(lockFile(file, 'second')).rejects.toThrow('in use by first')
    expect(await sockets(folder)).toHaveLength(1)
    await lock.release()
    expect(await sockets(folder)).toEqual([])
  })
})

describe('D19: a socket file squatted by another process', () => {
  const squat = async (file: string, answer: (socket: import('node:net').Socket) => void): Promise<Server[]> => {
    await writeFile(file, '{}')
    const lock = await lockFile(file, 'only to learn the names')
    const names = await sockets()
    await lock.release()
    return Promise.all(
      names.map(
        (name) =>
          new Promise<Server>((resolve) => {
            const server = createServer(answer)
            server.listen(join(directory, name), () => resolve(server))
          }),
      ),
    )
  }
  const closeAll = (servers: Server[]) =>
    Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))

  it(`D19: a squatter streaming 10 MB is read no further than ${HOLDER_SAYS.bytes} bytes, escaped`, async () => {
    const file = join(directory, 'data.json')
    const servers = await squat(file, (socket) => {
      socket.on('error', () => undefined)
      socket.write('\u001b]0;owned\u0007\u009b2J')
      socket.end(Buffer.alloc(10 * 1024 * 1024, 'a'))
    })
    try {
      const error = await lockFile(file, 'second').then(
        () => undefined,
        (caught: FileHeld) => caught,
      )
      expect(error).toBeInstanceOf(FileHeld)
      expect(error?.holder.startsWith('\\e]0;owned\\x07\\x9b2Jaaa')).toBe(true)
      expect(error?.holder.length).toBeLessThan(HOLDER_SAYS.bytes + 32)
      // Nothing left a terminal acts on: escaping it again changes nothing.
      expect(escapeMessage(error?.holder ?? '')).toBe(error?.holder)
    } finally {
      await closeAll(servers)
    }
  })

  it(`D19: a silent squatter stalls a start no longer than ${HOLDER_SAYS.ms} ms a socket`, async () => {
    const file = join(directory, 'data.json')
    const servers = await squat(file, () => undefined)
    try {
      const started = Date.now()
      await expect(lockFile(file, 'second')).rejects.toThrow(`${file} is in use by a process that does not say which`)
      expect(Date.now() - started).toBeLessThan(2 * HOLDER_SAYS.ms + 500)
    } finally {
      await closeAll(servers)
    }
  })
})

describe('D19: socket files left by a holder killed with SIGKILL', () => {
  it('D19: are taken over (the connection is refused), by exactly one of two starts', async () => {
    const file = join(directory, 'data.json')
    await writeFile(file, '{}')
    const script = `
      const { lockFile } = await import(${JSON.stringify(new URL('../src/file-lock.ts', import.meta.url).href)})
      await lockFile(${JSON.stringify(file)}, 'killed')
      process.kill(process.pid, 'SIGKILL')`
    const killed = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
    expect(killed.signal, String(killed.stderr)).toBe('SIGKILL')
    expect(await sockets()).toHaveLength(2)
    const results = await Promise.allSettled([lockFile(file, 'a'), lockFile(file, 'b')])
    const held = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    expect(held).toHaveLength(1)
    expect((await stat(join(directory, (await sockets())[0] ?? ''))).isSocket()).toBe(true)
    await held[0]?.release()
    expect(await readdir(directory)).toEqual(['data.json'])
  })
})
