import { createHash } from 'node:crypto'
import { mkdir, rmdir, stat, unlink } from 'node:fs/promises'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'

/** A held lock of a file (see {@link lockFile}). */
export interface FileLock {
  /** Moves the lock to the file now at the path, after it was replaced (a rename over it). */
  follow(): Promise<void>
  /** Gives the lock up; the kernel does it too when the holding process ends, however it ends. */
  release(): Promise<void>
}

/** The file is held by another process: `holder` says which, as that process described itself. */
export class FileHeld extends Error {
  readonly path: string
  readonly holder: string
  constructor(path: string, holder: string) {
    super(`${path} is in use by ${holder}`)
    this.name = 'FileHeld'
    this.path = path
    this.holder = holder
  }
}

/** Where the locks live: a place the kernel frees when its process ends. */
interface Place {
  address(key: string): string
  /** A socket file, which outlives a crash: a stale one is removed (under a guard) before it is taken. */
  files: boolean
}

const PREFIX = 'session-library-'

// Linux: an abstract socket (no file, nothing left by a SIGKILL, no disk block needed); Windows: a
// named pipe (the same); elsewhere, a socket file in a folder of the user's own.
function defaultPlace(): Place {
  if (process.platform === 'linux') return { address: (key) => `\0${PREFIX}${key}`, files: false }
  if (process.platform === 'win32') return { address: (key) => `\\\\.\\pipe\\${PREFIX}${key}`, files: false }
  return socketFolder(join(tmpdir(), `${PREFIX}locks-${process.getuid?.() ?? 'user'}`))
}

/** Socket files in `folder` (made on first use, private to the user). */
export function socketFolder(folder: string): Place {
  return { address: (key) => join(folder, `${key}.sock`), files: true }
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/**
 * The names of a file: its folder's device and inode with its own name (a file that does not exist
 * yet, every path to one folder alike), and, when it exists, its own device and inode (a hard link or
 * a bind mount of it alike).
 */
async function keysOf(path: string): Promise<string[]> {
  const folder = await stat(dirname(path), { bigint: true })
  const keys = [`n${folder.dev}-${folder.ino}-${hash(basename(path))}`]
  const file = await stat(path, { bigint: true }).catch(() => undefined)
  if (file) keys.push(`f${file.dev}-${file.ino}`)
  return keys
}

/** What a holder answers on its socket: who it is. */
async function askHolder(address: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let said = ''
    const socket = connect({ path: address })
    socket.setEncoding('utf8')
    socket.setTimeout(2_000, () => socket.destroy())
    socket.on('data', (text: string) => {
      said += text
    })
    socket.once('error', () => resolve(undefined))
    socket.once('close', () => resolve(said.trim() || 'another process'))
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function listen(address: string, identity: string): Promise<Server> {
  const server = createServer((socket) => socket.end(`${identity}\n`))
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject)
      // The lock never keeps the process alive.
      resolve(server.unref())
    })
  })
}

/** A socket file whose process is gone (the connection refused): removed by one of those who find it. */
async function removeStale(address: string): Promise<void> {
  const guard = `${address}.breaking`
  const made = await mkdir(guard).then(
    () => true,
    () => false,
  )
  if (!made) {
    const age = await stat(guard).then(
      ({ mtimeMs }) => Date.now() - mtimeMs,
      () => 0,
    )
    // A guard left by a crash in the middle of a removal.
    if (age > 2_000) await rmdir(guard).catch(() => undefined)
    await pause(20)
    return
  }
  try {
    if ((await askHolder(address)) === undefined) await unlink(address).catch(() => undefined)
  } finally {
    await rmdir(guard).catch(() => undefined)
  }
}

/** Holds one key: its server, or the holder's answer when another process holds it. */
async function hold(place: Place, key: string, identity: string): Promise<Server | string> {
  const address = place.address(key)
  if (place.files) await mkdir(dirname(address), { recursive: true, mode: 0o700 })
  for (let attempt = 0; ; attempt++) {
    try {
      return await listen(address, identity)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw error
    }
    const holder = await askHolder(address)
    if (holder !== undefined) return holder
    // Refused: the holder is gone; an abstract name or a pipe is free at the next try.
    if (place.files) await removeStale(address)
  }
}

const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/**
 * Locks a file against every other process that locks it so, whatever path it takes: the lock is
 * the file itself (its device and inode, so a hard link, a bind mount or a symlinked folder is the
 * same file; and, for a file that does not exist yet, its folder's device and inode with its name),
 * held as a listening socket that the kernel closes when the process ends, however it ends (a
 * SIGKILL, a crash): nothing is left to go stale, no process id is compared (another PID namespace
 * cannot fool it) and no disk block is needed. `identity` is what a refused process is told
 * (`session-library-mock (process 123)`). Rejects with {@link FileHeld} when another process holds it.
 * Give `path` with its symbolic links resolved.
 */
export async function lockFile(path: string, identity: string, place: Place = defaultPlace()): Promise<FileLock> {
  const held = new Map<string, Server>()
  const take = async (keys: readonly string[]) => {
    for (const key of keys) {
      if (held.has(key)) continue
      const got = await hold(place, key, identity)
      if (typeof got === 'string') throw new FileHeld(path, got)
      held.set(key, got)
    }
  }
  const release = async () => {
    const servers = [...held.values()]
    held.clear()
    await Promise.all(servers.map(closed))
  }
  try {
    await take(await keysOf(path))
  } catch (error) {
    await release()
    throw error
  }
  return {
    async follow() {
      const keys = await keysOf(path)
      await take(keys)
      for (const [key, server] of held) {
        if (keys.includes(key)) continue
        held.delete(key)
        await closed(server)
      }
    },
    release,
  }
}
