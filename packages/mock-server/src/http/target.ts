/**
 * The URL of a request target (path and query, as in the request line) on an origin. Concatenated,
 * never resolved: a target like `//other.host/x` must stay a path of this origin.
 *
 * @example
 * ```ts
 * targetUrl('http://127.0.0.1:4777', '//evil.example/x') // 'http://127.0.0.1:4777//evil.example/x'
 * ```
 */
export function targetUrl(origin: string, target: string): string {
  return `${origin}${target.startsWith('/') ? target : `/${target}`}`
}
