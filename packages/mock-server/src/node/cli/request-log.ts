import type { ExchangeSummary } from '../transport/http-adapter.js'

/** Below this length a token is no secret worth masking, and masking it would garble every line. */
const MASKED_TOKEN_LENGTH = 8

/**
 * Formats one request log line of the standalone mock: method, path and query, status (or
 * `dropped` for a network fault) and duration. It holds no header; a token of 8 characters or more
 * that was put in the URL, as sent or percent-encoded, is masked as well, so the token never reaches
 * a log line (D2).
 *
 * @example
 * ```ts
 * const line = requestLogLine('secret-token')
 * line({ method: 'GET', url: '/api/v1/sessions?limit=5', status: 200, ms: 3 }) // 'GET /api/v1/sessions?limit=5 200 3ms'
 * ```
 */
export function requestLogLine(token: string): (summary: ExchangeSummary) => string {
  const forms = token.length < MASKED_TOKEN_LENGTH ? [] : [...new Set([token, encodeURIComponent(token)])]
  const mask = (url: string) => forms.reduce((masked, form) => masked.replaceAll(form, '[token]'), url)
  return ({ method, url, status, ms }) => `${method} ${mask(url)} ${status === 0 ? 'dropped' : status} ${ms}ms`
}
