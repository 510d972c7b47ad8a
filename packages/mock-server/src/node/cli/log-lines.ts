import { escapeControls } from '@session-library/internal'
import { tokenMask } from '@session-library/schemas'
import type { MockControls } from '../../mock-controls.js'
import type { ImportProgress } from '../../runtime/imports.js'
import type { ExchangeSummary } from '../transport/http-adapter.js'

/** One request log line: no header, the token masked (D2), control characters escaped. */
export function requestLogLine(token: string): (summary: ExchangeSummary) => string {
  const mask = tokenMask(token)
  return ({ method, url, status, ms }) =>
    `${method} ${escapeControls(mask(url))} ${status === 0 ? 'dropped' : status} ${ms}ms`
}

function importProgressLine(progress: ImportProgress): string {
  const { importId, total, completed, failed, skipped, done, durationMs } = progress
  const state = `${completed + failed + skipped}/${total} items (${failed} failed, ${skipped} skipped)`
  return `import ${importId}: ${state}${done ? `, done in ${durationMs}ms` : ''}`
}

/** Reports imports as they run (D15 has no endpoint for it), a line per change; returns the stop. */
export function watchImports(api: MockControls, report: (line: string) => void): () => void {
  const last = new Map<string, string>()
  const timer = setInterval(() => {
    for (const progress of api.imports()) {
      const line = importProgressLine(progress)
      if (last.get(progress.importId) === line) continue
      last.set(progress.importId, line)
      report(line)
    }
  }, 200)
  timer.unref()
  return () => clearInterval(timer)
}
