import { createHash } from 'node:crypto'
import { chmod, mkdir, open, rmdir, stat, unlink } from 'node:fs/promises'
import { connect, createServer, type Server } from 'node:net'
import { basename, dirname, isAbsolute, join } from 'node:path'
import { escapeMessage } from './terminal-text.js'

/** A held lock of a file (see {@link lockFile}). */
export interface FileLock {
  /** Moves the lock to the file now at the path, after it was replaced (a rename over it). */
  follow(): Promise<void>
  /** Gives the lock up; the kernel does it too when the holding process ends, however it ends. */
  release(): Promise<void>
}

/** The file is held by another process: `holder` says which, as that process described itself (escaped, cut). */
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

/** The start of the name of a lock's socket file, beside the file it locks. */
export const LOCK_PREFIX = '.session-library-lock-'
/** What is read of a holder's answer, and for how long: a squatter can neither flood nor stall a start. */
export const HOLDER_SAYS = { bytes: 4096, ms: 500 }

// Windows has no socket files: a named pipe, which the kernel frees as well.
const PIPES = process.platform === 'win32'
// Linux: a hint by the file's device and inode alone (an abstract socket, see claimHint).
const HINTS = process.platform === 'linux'
// sun_path holds 104 bytes (macOS) to 108 (Linux), its NUL included.
const SUN_PATH = 103

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)
const noop = () => undefined
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const socketName = (key: string) => `${LOCK_PREFIX}${hash(key)}`
const fileKey = (file: { dev: bigint; ino: bigint }) => `f${file.dev}-${file.ino}`

/** The lock sockets of a file, and the name of its hint (see {@link claimHint}). */
interface Place {
  sockets: string[]
  hint?: { name: string; key: string }
}

/**
 * The lock sockets of a file, in its folder (making one there needs the right to write the folder,
 * which replacing the file needs too): one by its folder and name (a file that does not exist yet,
 * every path to one folder alike), and, when it exists, one by its device and inode (a hard link in
 * the folder alike).
 */
async function placeOf(path: string): Promise<Place> {
  const folder = await stat(dirname(path), { bigint: true })
  const keys = [`n${folder.dev}-${folder.ino}-${basename(path)}`]
  const file = await stat(path, { bigint: true }).catch(noop)
  if (file) keys.push(fileKey(file))
  const sockets = keys.map((key) =>
    PIPES ? `\\\\.\\pipe\\session-library-${hash(key)}` : join(dirname(path), socketName(key)),
  )
  const key = file && fileKey(file)
  return { sockets, ...(HINTS && key && { hint: { name: `\0session-library-${hash(key)}`, key } }) }
}

/**
 * Runs `use` with a name of the socket file the kernel accepts: a path too long for sun_path is
 * reached through an open handle of its folder (Linux), kept open as long as `use` says.
 */
async function reach<T>(address: string, use: (name: string) => Promise<T>, keep: (result: T) => boolean) {
  if (PIPES || Buffer.byteLength(address) <= SUN_PATH || process.platform !== 'linux')
    return { result: await use(address), done: async () => undefined }
  const folder = await open(dirname(address), 'r')
  const done = () => folder.close().catch(noop)
  try {
    const result = await use(`/proc/self/fd/${folder.fd}/${basename(address)}`)
    if (keep(result)) return { result, done }
    await done()
    return { result, done: async () => undefined }
  } catch (error) {
    await done()
    throw error
  }
}

/** No process listens on the socket file (a holder killed with SIGKILL left it): it may be removed. */
const STALE = Symbol('stale')
/** No socket file (removed meanwhile). */
const NONE = Symbol('none')
/** The socket is another user's: it cannot be asked, and is not removed. */
const DENIED = Symbol('denied')
type Answer = { said: string; cut: boolean } | typeof STALE | typeof NONE | typeof DENIED

/** What a process listening at `name` says, read within {@link HOLDER_SAYS}; or that none listens. */
function askAt(name: string): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let failed: string | undefined
    const socket = connect({ path: name })
    const timer = setTimeout(() => socket.destroy(), HOLDER_SAYS.ms)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk.subarray(0, HOLDER_SAYS.bytes - size))
      size += chunk.length
      if (size >= HOLDER_SAYS.bytes) socket.destroy()
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failed ??= error.code
    })
    socket.once('close', () => {
      clearTimeout(timer)
      if (failed === 'ECONNREFUSED') return resolve(STALE)
      if (failed === 'ENOENT') return resolve(NONE)
      if (failed === 'EACCES' || failed === 'EPERM') return resolve(DENIED)
      resolve({ said: Buffer.concat(chunks).toString('utf8').trim(), cut: size > HOLDER_SAYS.bytes })
    })
  })
}

/** A holder as it said who it is, fit to print. */
function holderOf(answer: Answer, address: string): string {
  if (answer === DENIED) return `a process of another user (if none runs, remove ${address})`
  if (typeof answer === 'symbol' || answer.said === '') return 'a process that does not say which'
  return `${escapeMessage(answer.said)}${answer.cut ? '…' : ''}`
}

const askHolder = async (address: string) => (await reach(address, askAt, () => false)).result

function listenAt(name: string, says: string): Promise<Server> {
  const server = createServer((socket) => {
    // An asker gone before the answer must not become an uncaught error of the holder.
    socket.on('error', noop)
    socket.end(`${says}\n`)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ path: name, exclusive: true }, () => {
      server.off('error', reject)
      // The lock never keeps the process alive.
      resolve(server.unref())
    })
  })
}

type Held = { close(): Promise<void> }

async function listen(address: string, identity: string): Promise<Held> {
  const { result: server, done } = await reach(
    address,
    (name) => listenAt(name, identity),
    () => true,
  )
  const close = async () => {
    // The socket file goes with the server (libuv removes it), through the folder handle still open.
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await done()
  }
  // Only its owner may ask it (a socket is connected to by those who may write it).
  if (!PIPES && !address.startsWith('\0')) await chmod(address, 0o600).catch(noop)
  return { close }
}

/**
 * A socket file whose process is gone (the connection refused): removed and taken by one of those
 * who find it, under a guard, so that none removes the socket of a holder that took it meanwhile.
 */
async function takeStale(address: string, identity: string): Promise<Held | undefined> {
  const guard = `${address}.breaking`
  // A folder this process may not write keeps a stale socket: say so, rather than wait on it.
  const stuck = (code: unknown) =>
    new Error(
      `${address}, left by a process that ended, cannot be removed (${code}): remove it, or make its folder writable`,
    )
  const refused = await mkdir(guard).then(noop, (error: NodeJS.ErrnoException) => error.code ?? 'error')
  if (refused !== undefined && refused !== 'EEXIST') throw stuck(refused)
  if (refused === 'EEXIST') {
    const age = await stat(guard).then(
      ({ mtimeMs }) => Date.now() - mtimeMs,
      () => 0,
    )
    // A guard left by a crash in the middle of a take-over.
    if (age > 2_000) await rmdir(guard).catch(noop)
    await pause(20)
    return undefined
  }
  try {
    if ((await askHolder(address)) !== STALE) return undefined
    await unlink(address).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw stuck(error.code)
    })
    return await listen(address, identity).catch(noop)
  } finally {
    await rmdir(guard).catch(noop)
  }
}

/** Holds one lock socket: its server, or the holder's answer when another process holds it. */
async function hold(address: string, identity: string): Promise<Held | string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await listen(address, identity)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw error
    }
    const answer = await askHolder(address)
    if (answer === NONE) continue
    // A pipe is free at the next try; a socket file outlives its process.
    if (answer !== STALE) return holderOf(answer, address)
    if (!PIPES) {
      const taken = await takeStale(address, identity)
      if (taken) return taken
    }
  }
}

/**
 * The holder a hint names, once checked: anyone may bind an abstract name, so what it says (the
 * path of the file it holds) is believed only when that path is the same file (device and inode)
 * and the lock socket beside it answers; else the hint is a squatter's, and is ignored.
 */
async function checkHint(answer: Answer, key: string, own: readonly string[]): Promise<string | undefined> {
  if (typeof answer === 'symbol' || answer.cut || !isAbsolute(answer.said)) return undefined
  const file = await stat(answer.said, { bigint: true }).catch(noop)
  if (!file || fileKey(file) !== key) return undefined
  const address = join(dirname(answer.said), socketName(key))
  if (own.includes(address)) return undefined
  const holder = await askHolder(address)
  return holder === STALE || holder === NONE ? undefined : holderOf(holder, address)
}

/**
 * Binds the hint of a file, which says the path of the file it is held by: a process that reaches
 * the file through another folder (a hard link, a bind mount of the file) finds its holder there.
 * Not a lock (a squatter can take the name, and loses only the hint); another network namespace
 * does not see it.
 */
async function claimHint(hint: { name: string; key: string }, path: string, own: readonly string[]) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await listen(hint.name, path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return undefined
    }
    const answer = await askHolder(hint.name)
    if (answer !== STALE && answer !== NONE) return checkHint(answer, hint.key, own)
  }
  return undefined
}

/**
 * Locks a file against every other process that locks it so, whatever path names it (a symlinked
 * folder, a bind mount of its folder, a hard link beside it): the lock is a listening socket file in
 * the file's folder, named from the file's device and inode (and, for a file that does not exist
 * yet, from its folder's and its name), so only a process that may write the folder can hold it or
 * block it. The kernel closes it when the process ends, however it ends; a socket file left by a
 * SIGKILL answers no one and is taken over. No process id is compared and a socket file is reached
 * from any PID or network namespace that sees the folder. `identity` is what a refused process is
 * told (`session-library-mock (process 123)`); what a holder says is read bounded (see
 * {@link HOLDER_SAYS}) and escaped. Rejects with {@link FileHeld} when another process holds it.
 * Give `path` with its symbolic links resolved.
 */
export async function lockFile(path: string, identity: string): Promise<FileLock> {
  const held = new Map<string, Held>()
  const take = async ({ sockets, hint }: Place) => {
    for (const address of sockets) {
      if (held.has(address)) continue
      const got = await hold(address, identity)
      if (typeof got === 'string') throw new FileHeld(path, got)
      held.set(address, got)
    }
    if (!hint || held.has(hint.name)) return [...sockets]
    const got = await claimHint(hint, path, sockets)
    if (typeof got === 'string') throw new FileHeld(path, got)
    if (got) held.set(hint.name, got)
    return [...sockets, hint.name]
  }
  const release = async () => {
    const all = [...held.values()]
    held.clear()
    await Promise.all(all.map((lock) => lock.close()))
  }
  try {
    await take(await placeOf(path))
  } catch (error) {
    await release()
    throw error
  }
  return {
    async follow() {
      const addresses = await take(await placeOf(path))
      for (const [address, lock] of held) {
        if (addresses.includes(address)) continue
        held.delete(address)
        await lock.close()
      }
    },
    release,
  }
}
