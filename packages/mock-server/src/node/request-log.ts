import type { ExchangeSummary } from './http-adapter.js'

/**
 * Formats one request log line of the standalone mock: method, path and query, status (or
 * `dropped` for a network fault) and duration. It holds no header; any occurrence of the token in
 * the URL is masked as well, so the token never reaches a log line (D2).
 *
 * @example
 * ```ts
 * const line = requestLogLine('secret')
 * line({ method: 'GET', url: '/api/v1/sessions?limit=5', status: 200, ms: 3 }) // 'GET /api/v1/sessions?limit=5 200 3ms'
 * ```
 */
export function requestLogLine(token: string): (summary: ExchangeSummary) => string {
  return ({ method, url, status, ms }) =>
    `${method} ${url.replaceAll(token, '[token]')} ${status === 0 ? 'dropped' : status} ${ms}ms`
}
