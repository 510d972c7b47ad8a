import { open, readFile, unlink } from 'node:fs/promises'
import { DataFileError } from './data-file.js'

/**
 * A held `--data` lock (see {@link lockDataFile}).
 *
 * @example
 * ```ts
 * const lock = await lockDataFile('library.json')
 * await lock.release()
 * ```
 */
export interface DataFileLock {
  /** Removes the lock file. */
  release(): Promise<void>
}

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

/**
 * Takes the lock of a `--data` file: `<file>.lock`, created exclusively and holding this process's
 * id, so that a second mock on the same file refuses to start instead of both writing. A lock left
 * by a process that no longer runs (a crash, a SIGKILL) is taken over.
 *
 * @example
 * ```ts
 * const lock = await lockDataFile('library.json') // DataFileError when another mock holds it
 * ```
 */
export async function lockDataFile(path: string): Promise<DataFileLock> {
  const lockPath = `${path}.lock`
  for (let attempt = 0; ; attempt++) {
    try {
      const file = await open(lockPath, 'wx')
      await file.writeFile(`${process.pid}\n`)
      await file.close()
      return { release: () => unlink(lockPath).catch(() => undefined) }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EEXIST') throw new DataFileError(path, `cannot be locked (${code ?? 'error'} on ${lockPath})`)
    }
    const pid = await holder(lockPath)
    // A lock without a process id may be a mock that is writing it: held.
    if (pid === undefined || alive(pid) || attempt > 0) {
      const who = pid === undefined ? 'another mock' : `another mock (process ${pid})`
      throw new DataFileError(path, `is in use by ${who}; stop it first, or remove ${lockPath} if no mock runs`)
    }
    await unlink(lockPath).catch(() => undefined)
  }
}
