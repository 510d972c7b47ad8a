import {
  LIBRARY_PARTS,
  type LibraryChange,
  type LibraryPart,
  libraryPartNames,
  type PartRecord,
} from '../../store/library-parts.js'
import type { LibrarySnapshot } from '../../store/records.js'

type Records = { [P in LibraryPart]: Map<string, PartRecord<P>> }

const keyOf = (part: LibraryPart, record: object) => (LIBRARY_PARTS[part].keyOf as (record: object) => string)(record)

function recordsOf(partOf: (part: LibraryPart) => readonly object[] | undefined): Records {
  const records = {} as Record<LibraryPart, Map<string, object>>
  for (const part of libraryPartNames) {
    records[part] = new Map((partOf(part) ?? []).map((record) => [keyOf(part, record), record]))
  }
  return records as Records
}

/**
 * The records as the `--data` file and its log hold them: what a change that could not be made
 * durable is undone to (D19). Records are shared with the library, never copied (stored records
 * never change in place), so this costs a map entry a record.
 *
 * @example
 * ```ts
 * const durable = new DurableRecords(library)
 * try { await log.append(change); durable.commit(change) } catch { live.restore(durable.undoOf(change)) }
 * ```
 */
export class DurableRecords {
  #records: Records

  constructor(snapshot: LibrarySnapshot) {
    this.#records = recordsOf((part) => snapshot[part])
  }

  /** The change is durable now: its records are the durable ones. */
  commit(change: LibraryChange): void {
    if (change.whole) this.#records = recordsOf((part) => change[part]?.put)
    else {
      for (const part of libraryPartNames) {
        const records = this.#records[part] as Map<string, object>
        for (const record of change[part]?.put ?? []) records.set(keyOf(part, record), record)
        for (const key of change[part]?.del ?? []) records.delete(key)
      }
    }
  }

  /**
   * The change that puts back what `change` touched as it is durable: its records as they were,
   * the ones it created deleted; for a whole change (a reset), the whole durable library. The id
   * counter stays where it is, so an id handed out meanwhile is never handed out again (D5).
   */
  undoOf(change: LibraryChange): LibraryChange {
    const undo: LibraryChange = { nextId: change.nextId, ...(change.whole && { whole: true as const }) }
    for (const part of libraryPartNames) {
      const records = this.#records[part] as Map<string, object>
      if (change.whole) {
        Object.assign(undo, { [part]: { put: [...records.values()], del: [] } })
        continue
      }
      const touched = change[part]
      if (!touched) continue
      const keys = [...touched.put.map((record) => keyOf(part, record)), ...touched.del]
      const put = keys.flatMap((key) => records.get(key) ?? [])
      const del = keys.filter((key) => !records.has(key))
      Object.assign(undo, { [part]: { put, del } })
    }
    return undo
  }
}
