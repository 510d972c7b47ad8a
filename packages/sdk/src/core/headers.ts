import { isSecretHeader, redactedHeaderValue } from '@session-library/schemas/client'

/**
 * Headers as `new Headers()` takes them: a plain object, a `Headers` or `[name, value]` pairs.
 * Read from the `Headers` constructor rather than named `HeadersInit`, which only the DOM lib
 * declares globally: a Node project with `@types/node` alone compiles our declarations too.
 *
 * @example `const headers: HeadersInput = { 'X-Trace': '1' }`
 */
export type HeadersInput = NonNullable<ConstructorParameters<typeof Headers>[0]>

// Header names are case-insensitive: every merge goes through lower-case keys, so that one rule
// holds wherever a header comes from. A plain object is walked as it is, without building a Headers.
function forEachHeader(headers: HeadersInput, each: (name: string, value: string) => void): void {
  if (headers instanceof Headers || Array.isArray(headers)) {
    new Headers(headers).forEach((value, name) => {
      each(name, value)
    })
    return
  }
  for (const name of Object.keys(headers)) each(name.toLowerCase(), (headers as Record<string, string>)[name] as string)
}

export function mergeHeaders(into: Readonly<Record<string, string>>, headers: HeadersInput | undefined) {
  const merged = { ...into }
  if (headers)
    forEachHeader(headers, (name, value) => {
      merged[name] = value
    })
  return merged
}

/**
 * A copy of the headers (names in lower case) safe to log: the value of every secret header (the
 * contract's `isSecretHeader`, as the mock's journal uses it: `Authorization`, `Cookie`,
 * `Set-Cookie`, `Proxy-Authorization`, names containing `key`, `token` or `secret`, and the names
 * in `redact`) is replaced; an auth scheme word is kept.
 *
 * @example
 * ```ts
 * redactHeaders({ Authorization: 'Bearer secret', 'X-Trace': '1' }, ['x-trace'])
 * // { authorization: 'Bearer [redacted]', 'x-trace': '[redacted]' }
 * ```
 */
export function redactHeaders(headers: HeadersInput, redact: readonly string[] = []): Record<string, string> {
  const safe: Record<string, string> = {}
  forEachHeader(headers, (name, value) => {
    safe[name] = isSecretHeader(name, redact) ? redactedHeaderValue(name, value, '[redacted]') : value
  })
  return safe
}
