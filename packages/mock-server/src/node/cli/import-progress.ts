import type { ImportProgress } from '../../imports/progress.js'
import type { MockApi } from '../../mock-controls.js'

/**
 * Describes an import's progress in one line.
 *
 * @example
 * ```ts
 * importProgressLine(api.imports()[0]) // 'import imp_1: 3/10 items (0 failed, 1 skipped)'
 * ```
 */
export function importProgressLine(progress: ImportProgress): string {
  const { importId, total, completed, failed, skipped, done, durationMs } = progress
  const state = `${completed + failed + skipped}/${total} items (${failed} failed, ${skipped} skipped)`
  return `import ${importId}: ${state}${done ? `, done in ${durationMs}ms` : ''}`
}

/**
 * Reports imports as they run (D15 has no endpoint for it): polls `api.imports()` and calls `report`
 * with a line each time an import's progress changes. Returns the function that stops it.
 *
 * @example
 * ```ts
 * const stop = watchImports(server.api, (line) => process.stderr.write(`${line}\n`))
 * ```
 */
export function watchImports(api: MockApi, report: (line: string) => void, intervalMs = 200): () => void {
  const last = new Map<string, string>()
  const timer = setInterval(() => {
    for (const progress of api.imports()) {
      const line = importProgressLine(progress)
      if (last.get(progress.importId) === line) continue
      last.set(progress.importId, line)
      report(line)
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
