import { escapeControls } from '@session-library/internal'
import { tokenMask } from '@session-library/schemas'
import type { ExchangeSummary } from '../transport/http-adapter.js'

/**
 * Formats one request log line of the standalone mock: method, path and query, status (or
 * `dropped` for a network fault) and duration. It holds no header; the token put in the URL, as
 * sent or percent-encoded, is masked with the project's one mask (D2), and control characters of
 * the target are escaped, so that a request can neither show the token nor drive the terminal.
 *
 * @example
 * ```ts
 * const line = requestLogLine('secret-token')
 * line({ method: 'GET', url: '/api/v1/sessions?limit=5', status: 200, ms: 3 }) // 'GET /api/v1/sessions?limit=5 200 3ms'
 * ```
 */
export function requestLogLine(token: string): (summary: ExchangeSummary) => string {
  const mask = tokenMask(token)
  return ({ method, url, status, ms }) =>
    `${method} ${escapeControls(mask(url))} ${status === 0 ? 'dropped' : status} ${ms}ms`
}
