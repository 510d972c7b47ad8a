import { lstat, readFile, readlink, symlink, unlink } from 'node:fs/promises'
import { DataFileError } from './data-file.js'

/** A held `--data` lock (see {@link lockDataFile}). */
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

// The lock names its process as the target of a symbolic link: made whole in one atomic call that
// fails when the lock exists, and needing no data block, so that a mock still starts (and answers
// reads) on a disk with no byte left (D19). An older mock's lock, or `echo <pid> > lock`, is a file
// holding the id: read too.
async function holder(lockPath: string): Promise<number | undefined> {
  const text = await readlink(lockPath).catch((error: NodeJS.ErrnoException) =>
    error.code === 'EINVAL' ? readFile(lockPath, 'utf8').catch(() => '') : '',
  )
  const pid = Number.parseInt(text, 10)
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** Creates `to` naming this process: true when created, false when it exists already; anything else throws. */
async function created(to: string, path: string): Promise<boolean> {
  try {
    await symlink(String(process.pid), to)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    throw new DataFileError(path, `cannot be locked (${code ?? 'error'} on ${to})`)
  }
}

async function staleGuard(guard: string): Promise<boolean> {
  const pid = await holder(guard)
  const age = await lstat(guard).then(
    ({ mtimeMs }) => Date.now() - mtimeMs,
    () => 0,
  )
  return pid !== undefined && !alive(pid) && age > GUARD_STALE_MS
}

/**
 * Removes a lock held by process `dead`, which no longer runs. Only the process that created the
 * guard (`<lock>.breaking`, made as atomically as the lock) may, and only if the lock still names
 * `dead`: of two starts on one stale lock, one removes it and makes its own, the other finds that
 * one alive.
 */
async function breakStaleLock(lockPath: string, dead: number, path: string): Promise<void> {
  const guard = `${lockPath}.breaking`
  if (!(await created(guard, path))) {
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
 * resolved, so that every path to one file locks the same): `<file>.lock`, a symbolic link to this
 * process's id, created whole and atomically, so that it never exists empty and two starts cannot
 * both create it, and with no data block, so that a full disk does not stop a start. A lock whose process no longer runs (a crash, a
 * SIGKILL) is taken over by exactly one of the starts that find it (see `breakStaleLock`).
 */
export async function lockDataFile(path: string): Promise<DataFileLock> {
  const lockPath = `${path}.lock`
  let pid: number | undefined
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await created(lockPath, path)) return { release: () => release(lockPath) }
    pid = await holder(lockPath)
    // A lock without a process id is one being written by hand or by an older version: look again.
    if (pid === undefined) await pause()
    else if (alive(pid)) break
    else await breakStaleLock(lockPath, pid, path)
  }
  throw inUse(path, lockPath, pid)
}

async function release(lockPath: string): Promise<void> {
  if ((await holder(lockPath)) === process.pid) await unlink(lockPath).catch(() => undefined)
}
