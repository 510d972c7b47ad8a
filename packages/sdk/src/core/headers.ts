import { isSecretHeader, redactedHeaderValue } from '@session-library/schemas/client'

// Header names are case-insensitive: every merge goes through lower-case keys, so that one rule
// holds wherever a header comes from.
const REDACTED = '[redacted]'

/**
 * Headers as `new Headers()` takes them: a plain object, a `Headers` or `[name, value]` pairs.
 * Read from the `Headers` constructor rather than named `HeadersInit`, which only the DOM lib
 * declares globally: a Node project with `@types/node` alone compiles our declarations too.
 *
 * @example
 * ```ts
 * import type { HeadersInput } from '@session-library/sdk'
 * const headers: HeadersInput = { 'X-Trace': '1' }
 * ```
 */
export type HeadersInput = NonNullable<ConstructorParameters<typeof Headers>[0]>

/**
 * Calls `each` with every header of any {@link HeadersInput} (a plain object, a `Headers`, pairs), its
 * name in lower case. A plain object is walked as it is, without building a `Headers`.
 *
 * @example `forEachHeader({ 'X-A': '1' }, (name, value) => console.log(name, value)) // x-a 1`
 */
export function forEachHeader(headers: HeadersInput, each: (name: string, value: string) => void): void {
  if (headers instanceof Headers || Array.isArray(headers)) {
    new Headers(headers).forEach((value, name) => {
      each(name, value)
    })
    return
  }
  for (const name of Object.keys(headers)) each(name.toLowerCase(), (headers as Record<string, string>)[name] as string)
}

/**
 * Adds `headers` over `into`, by lower-case name: a later value replaces an earlier one, whatever
 * its case.
 *
 * @example `mergeHeaders({ authorization: 'Bearer a' }, { Authorization: 'Basic b' }) // { authorization: 'Basic b' }`
 */
export function mergeHeaders(into: Readonly<Record<string, string>>, headers: HeadersInput | undefined) {
  const merged = { ...into }
  if (headers)
    forEachHeader(headers, (name, value) => {
      merged[name] = value
    })
  return merged
}

/**
 * A copy of the headers (a `Headers`, a plain object or pairs; names in lower case) safe to log: the
 * value of every secret header (the contract's `isSecretHeader`, as the mock's journal uses it:
 * `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization`, names containing `key`, `token`
 * or `secret`, and the names in `redact`) is replaced; an auth scheme word is kept.
 *
 * @example
 * ```ts
 * import { redactHeaders } from '@session-library/sdk'
 * redactHeaders({ Authorization: 'Bearer secret', 'X-Trace': '1' }, ['x-trace'])
 * // { authorization: 'Bearer [redacted]', 'x-trace': '[redacted]' }
 * ```
 */
export function redactHeaders(headers: HeadersInput, redact: readonly string[] = []): Record<string, string> {
  const safe: Record<string, string> = {}
  forEachHeader(headers, (name, value) => {
    safe[name] = isSecretHeader(name, redact) ? redactedHeaderValue(name, value, REDACTED) : value
  })
  return safe
}
