import { randomUUID } from 'node:crypto'
import { link, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { DataFileError } from './data-file.js'

/**
 * A held `--data` lock (see {@link lockDataFile}).
 *
 * @example
 * ```ts
 * const lock = await lockDataFile('/srv/library.json')
 * await lock.release()
 * ```
 */
export interface DataFileLock {
  /** Removes the lock file, if it is still this process's. */
  release(): Promise<void>
}

/** How often a start looks again at a lock that is being taken over or written. */
const ATTEMPTS = 100
const PAUSE_MS = 20
/** A take-over guard this old whose process is gone was left by a crash in the middle of one. */
const GUARD_STALE_MS = 2_000

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS))

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, it belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function holder(lockPath: string): Promise<number | undefined> {
  const pid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10)
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** `link(from, to)`: true when `to` was created, false when it exists already; anything else throws. */
async function linked(from: string, to: string, path: string): Promise<boolean> {
  try {
    await link(from, to)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    throw new DataFileError(path, `cannot be locked (${code ?? 'error'} on ${to})`)
  }
}

async function staleGuard(guard: string): Promise<boolean> {
  const pid = await holder(guard)
  const age = await stat(guard).then(
    ({ mtimeMs }) => Date.now() - mtimeMs,
    () => 0,
  )
  return pid !== undefined && !alive(pid) && age > GUARD_STALE_MS
}

/**
 * Removes a lock held by process `dead`, which no longer runs. Only the process that created the
 * guard (`<lock>.breaking`, by an atomic link) may, and only if the lock still names `dead`: of two
 * starts on one stale lock, one removes it and links its own, the other finds that one alive.
 */
async function breakStaleLock(lockPath: string, dead: number, mine: string, path: string): Promise<void> {
  const guard = `${lockPath}.breaking`
  if (!(await linked(mine, guard, path))) {
    if (await staleGuard(guard)) await unlink(guard).catch(() => undefined)
    await pause()
    return
  }
  try {
    if ((await holder(lockPath)) === dead) await unlink(lockPath).catch(() => undefined)
  } finally {
    await unlink(guard).catch(() => undefined)
  }
}

function inUse(path: string, lockPath: string, pid: number | undefined): DataFileError {
  const who = pid === undefined ? 'another mock' : `another mock (process ${pid})`
  return new DataFileError(path, `is in use by ${who}; stop it first, or remove ${lockPath} if no mock runs`)
}

/**
 * Takes the lock of a `--data` file (D19: one process a file), given its real path (symlinks
 * resolved, so that every path to one file locks the same): `<file>.lock`, holding this process's
 * id, created whole and atomically by linking a file already written, so that it never exists
 * empty and two starts cannot both create it. A lock whose process no longer runs (a crash, a
 * SIGKILL) is taken over by exactly one of the starts that find it (see `breakStaleLock`).
 *
 * @example
 * ```ts
 * const lock = await lockDataFile('/srv/library.json') // DataFileError when another mock holds it
 * ```
 */
export async function lockDataFile(path: string): Promise<DataFileLock> {
  const lockPath = `${path}.lock`
  const mine = `${lockPath}.${process.pid}.${randomUUID().slice(0, 8)}`
  try {
    await writeFile(mine, `${process.pid}\n`, { flag: 'wx' })
  } catch (error) {
    throw new DataFileError(path, `cannot be locked (${(error as NodeJS.ErrnoException).code ?? 'error'} on ${mine})`)
  }
  try {
    let pid: number | undefined
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await linked(mine, lockPath, path)) return { release: () => release(lockPath) }
      pid = await holder(lockPath)
      // A lock without a process id is one an older version is writing: look again.
      if (pid === undefined) await pause()
      else if (alive(pid)) break
      else await breakStaleLock(lockPath, pid, mine, path)
    }
    throw inUse(path, lockPath, pid)
  } finally {
    await unlink(mine).catch(() => undefined)
  }
}

async function release(lockPath: string): Promise<void> {
  if ((await holder(lockPath)) === process.pid) await unlink(lockPath).catch(() => undefined)
}
