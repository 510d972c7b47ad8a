import type { StoredLane, StoredSession } from './records.js'

/**
 * The library's secondary indexes, kept up to date by its tables' watchers: project paths, for
 * the import's skip rule (D15), and each session's waveform note lanes, deleted with it (D14).
 *
 * @example
 * ```ts
 * const indexes = new SessionIndexes()
 * indexes.sessionChanged(undefined, record)
 * indexes.knowsPath(record.projectPath) // true
 * ```
 */
export class SessionIndexes {
  /** How many sessions have each path, as current or original project path. */
  readonly #paths = new Map<string, number>()
  readonly #lanes = new Map<string, Set<string>>()

  /** Forgets everything (before a load). */
  clear(): void {
    this.#paths.clear()
    this.#lanes.clear()
  }

  /** Whether a session has this path, as current or original project path. */
  knowsPath(path: string): boolean {
    return this.#paths.has(path)
  }

  /** The keys of a session's lanes. */
  lanesOf(sessionId: string): string[] {
    return [...(this.#lanes.get(sessionId) ?? [])]
  }

  /** A session was added, replaced or deleted. */
  sessionChanged(before: Readonly<StoredSession> | undefined, after: Readonly<StoredSession> | undefined): void {
    if (before) this.#countPaths(before, -1)
    if (after) this.#countPaths(after, 1)
  }

  /** A lane was added, replaced or deleted. */
  laneChanged(before: Readonly<StoredLane> | undefined, after: Readonly<StoredLane> | undefined): void {
    if (before) this.#lanes.get(before.sessionId)?.delete(before.key)
    if (after) {
      const keys = this.#lanes.get(after.sessionId) ?? new Set()
      this.#lanes.set(after.sessionId, keys.add(after.key))
    }
  }

  #countPaths({ projectPath, projectOriginalPath }: Readonly<StoredSession>, by: number): void {
    this.#count(projectPath, by)
    if (projectOriginalPath !== projectPath) this.#count(projectOriginalPath, by)
  }

  #count(path: string, by: number): void {
    const count = (this.#paths.get(path) ?? 0) + by
    if (count > 0) this.#paths.set(path, count)
    else this.#paths.delete(path)
  }
}
