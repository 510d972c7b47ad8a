import { API_PREFIX } from '@session-library/schemas'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Any scheme, host and port. */
const ANY_ORIGIN = '[^:/?#]+://[^/?#]+'

const originPattern = (origins: readonly string[] | '*') =>
  origins === '*' ? ANY_ORIGIN : `(?:${origins.map(escapeRegExp).join('|')})`

/**
 * The origins a mock answers, from its `baseUrl` option: `'*'` for any, else each base URL's
 * origin. A base URL must be an absolute http(s) URL whose path is `/api/v1` (or empty); anything
 * else is a TypeError naming it.
 *
 * @example
 * ```ts
 * originsOf(['http://127.0.0.1:4777/api/v1']) // ['http://127.0.0.1:4777']
 * ```
 */
export function originsOf(baseUrls: readonly string[]): string[] | '*' {
  if (baseUrls.includes('*')) return '*'
  return baseUrls.map((baseUrl) => {
    let url: URL
    try {
      url = new URL(baseUrl)
    } catch {
      throw new TypeError(`invalid baseUrl: ${JSON.stringify(baseUrl)} is not an absolute URL`)
    }
    const path = url.pathname.replace(/\/+$/, '')
    if (!/^https?:$/.test(url.protocol) || (path !== '' && path !== API_PREFIX) || url.search || url.hash) {
      throw new TypeError(`invalid baseUrl: ${JSON.stringify(baseUrl)}; expected http(s)://host[:port]${API_PREFIX}`)
    }
    return url.origin
  })
}

/**
 * A URL pattern for every path under a prefix on the given origins (`'*'`: any). A RegExp without
 * capture groups: MSW then decodes no parameters, so a malformed `%` escape reaches the pipeline
 * (404) intact.
 *
 * @example
 * ```ts
 * under('/api/v1', ['http://127.0.0.1:4777']).test('http://127.0.0.1:4777/api/v1/health') // true
 * ```
 */
export function under(prefix: string, origins: readonly string[] | '*' = '*'): RegExp {
  return new RegExp(`^${originPattern(origins)}${escapeRegExp(prefix)}(?:/.*)?$`)
}

/**
 * The URL pattern of one operation's path template on the given origins: each `{param}` one path
 * segment, nothing after the path but a query.
 *
 * @example
 * ```ts
 * operationPattern('/api/v1/sessions/{id}/tags', '*').test('http://x.test/api/v1/sessions/ses_1/tags') // true
 * ```
 */
export function operationPattern(path: string, origins: readonly string[] | '*'): RegExp {
  const segments = escapeRegExp(path).replace(/\\\{[^}]+\\\}/g, '[^/?#]+')
  return new RegExp(`^${originPattern(origins)}${segments}$`)
}
