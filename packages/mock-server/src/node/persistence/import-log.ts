import { unlink } from 'node:fs/promises'
import { importBody, parseJsonText } from '@session-library/schemas'
import * as z from 'zod/mini'
import type { ImportLog, ImportRequest, ItemOutcome, PendingImport } from '../../runtime/imports.js'
import { ChangeLogWriter, wholeLines } from './change-log.js'
import { notSaved } from './data-file.js'

// One line a step: an import accepted (with its request), an item processed (by its index), an import ended.
const line = z.union([
  z.strictObject({ start: z.string(), request: importBody }),
  z.strictObject({
    item: z.string(),
    index: z.int(),
    outcome: z.enum(['completed', 'failed', 'skipped']),
    sessionId: z.optional(z.string()),
  }),
  z.strictObject({ end: z.string() }),
])

/** The imports a `--data` mock has not finished (`<file>.imports`, D15 with D19), each step flushed like a change. */
export class ImportLogFile implements ImportLog {
  readonly #path: string
  readonly #writer: ChangeLogWriter
  readonly #open = new Set<string>()

  private constructor(path: string, writer: ChangeLogWriter, open: Iterable<string>) {
    this.#path = path
    this.#writer = writer
    for (const id of open) this.#open.add(id)
  }

  /** Reads the imports not finished, each item's outcome once by its index; a line that explains nothing is `lost`. */
  static async open(
    path: string,
    warn: (message: string) => void,
  ): Promise<{ log: ImportLogFile; pending: PendingImport[]; lost: string[] }> {
    const pending = new Map<string, PendingImport>()
    const lost: string[] = []
    const lines = await wholeLines(path, warn, 'an import step cut off by a crash before it was recorded')
    for (const [index, raw] of lines.entries()) {
      const step = line.safeParse(parseJsonText(raw)).data
      const started = step && 'item' in step ? pending.get(step.item) : undefined
      if (step && 'start' in step)
        pending.set(step.start, { importId: step.start, request: step.request as ImportRequest, items: new Map() })
      else if (step && 'end' in step) pending.delete(step.end)
      else if (started && step && 'item' in step && step.index >= 0 && step.index < started.request.items.length) {
        const { item: _, ...outcome } = step
        started.items.set(step.index, outcome)
      } else lost.push(`${path}: line ${index + 1} is no step of an import started; it is left out`)
    }
    const log = new ImportLogFile(path, await ChangeLogWriter.open(path), pending.keys())
    return { log, pending: [...pending.values()], lost }
  }

  /** Rejects with 503 `storage_unavailable` (D19) when the import cannot be made durable. */
  async started(importId: string, request: ImportRequest): Promise<void> {
    await this.#writer.append({ start: importId, request }).catch((error) => {
      throw notSaved('import', this.#path, error, 'imported')
    })
    this.#open.add(importId)
  }

  moved(importId: string, { index, outcome, sessionId }: ItemOutcome): Promise<void> {
    return this.#writer.append({ item: importId, index, outcome, ...(sessionId && { sessionId }) })
  }

  async ended(importId: string): Promise<void> {
    this.#open.delete(importId)
    if (this.#open.size === 0) await this.#writer.clear()
    else await this.#writer.append({ end: importId })
  }

  async cleared(): Promise<void> {
    this.#open.clear()
    await this.#writer.clear()
  }

  async close(): Promise<void> {
    await this.#writer.close()
    if (this.#writer.bytes === 0) await unlink(this.#path).catch(() => undefined)
  }
}
