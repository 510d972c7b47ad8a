import { readlink, realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** As many symbolic links as Linux follows in one path before ELOOP. */
const MAX_LINKS = 40

/**
 * The real path of a `--data` file, every symbolic link resolved, also when the file does not exist
 * yet (or is a link to a file that does not): every path to one file locks and folds the same
 * file, and a fold renamed over the real file leaves a symlink to it a symlink (D19).
 *
 * @example
 * ```ts
 * await realDataPath('link-to-library.json') // '/srv/data/library.json'
 * ```
 */
export async function realDataPath(path: string): Promise<string> {
  let current = resolve(path)
  for (let links = 0; links <= MAX_LINKS; links++) {
    try {
      return await realpath(current)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    const target = await readlink(current).catch(() => undefined)
    if (target === undefined) return join(await realpath(dirname(current)), basename(current))
    current = resolve(dirname(current), target)
  }
  throw Object.assign(new Error(`ELOOP: too many symbolic links, ${path}`), { code: 'ELOOP' })
}
