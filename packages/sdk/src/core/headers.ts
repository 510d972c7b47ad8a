import { isSecretHeader, redactedHeaderValue } from '@session-library/schemas/client'

// Not `HeadersInit`, which only the DOM lib declares: a project with `@types/node` alone compiles too.
/** Headers as `new Headers()` takes them: a plain object, a `Headers` or `[name, value]` pairs. */
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

/** A copy of the headers safe to log: secret values (`Authorization`, `Cookie`, names with `key`,
 * `token` or `secret`, and `redact`) replaced, an auth scheme kept.
 * @example `redactHeaders({ Authorization: 'Bearer s' }) // { authorization: 'Bearer [redacted]' }`
 */
export function redactHeaders(headers: HeadersInput, redact: readonly string[] = []): Record<string, string> {
  const safe: Record<string, string> = {}
  forEachHeader(headers, (name, value) => {
    safe[name] = isSecretHeader(name, redact) ? redactedHeaderValue(name, value, '[redacted]') : value
  })
  return safe
}
