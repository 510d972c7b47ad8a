const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A URL pattern for every path under a prefix, on any origin. A RegExp without capture groups:
 * MSW then decodes no parameters, so a malformed `%` escape reaches the pipeline (404) intact.
 *
 * @example
 * ```ts
 * under('/api/v1').test('http://127.0.0.1:4777/api/v1/health') // true
 * ```
 */
export const under = (prefix: string) => new RegExp(`^[^:/?#]+://[^/?#]+${escapeRegExp(prefix)}(?:/.*)?$`)
