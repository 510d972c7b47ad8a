import { Library } from '../../store/library.js'
import type { LibraryChange } from '../../store/library-parts.js'
import type { LibrarySnapshot } from '../../store/records.js'
import { DataFileError } from './data-file.js'

/**
 * The library a `--data` file holds once its change logs are replayed over it, oldest line first;
 * the snapshot as it is when there is nothing to replay. A line that cannot be applied (a record
 * that breaks the contract) throws {@link DataFileError} naming its file and line.
 *
 * @example
 * ```ts
 * const library = replayChanges(snapshot, [{ path: 'library.json.log', changes }])
 * ```
 */
export function replayChanges(
  snapshot: LibrarySnapshot,
  logs: readonly { path: string; changes: readonly { line: number; change: LibraryChange }[] }[],
): LibrarySnapshot {
  if (logs.every((log) => log.changes.length === 0)) return snapshot
  const library = new Library(1)
  library.load(snapshot)
  for (const log of logs) {
    for (const { line, change } of log.changes) {
      try {
        library.apply(change)
      } catch (error) {
        throw new DataFileError(log.path, `line ${line} cannot be applied: ${(error as Error).message}`)
      }
    }
  }
  return library.image()
}
