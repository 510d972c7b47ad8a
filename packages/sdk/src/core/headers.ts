import { isSecretHeader, redactedHeaderValue } from '@session-library/schemas/client'

// Not `HeadersInit`, which only the DOM lib declares: a project with `@types/node` alone compiles too.
/** Headers as `new Headers()` takes them: a plain object, a `Headers` or `[name, value]` pairs. */
export type HeadersInput = NonNullable<ConstructorParameters<typeof Headers>[0]>

// Header names are case-insensitive: every merge goes through lower-case keys, one rule wherever a header comes from.
function headerEntries(headers: HeadersInput): [string, string][] {
  if (headers instanceof Headers || Array.isArray(headers)) return [...new Headers(headers)]
  return Object.entries(headers as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value])
}

export function mergeHeaders(into: Readonly<Record<string, string>>, headers: HeadersInput | undefined) {
  return { ...into, ...Object.fromEntries(headers ? headerEntries(headers) : []) }
}

/** A copy of the headers safe to log: secret values (`Authorization`, `Cookie`, names with `key`,
 * `token` or `secret`, and `redact`) replaced, an auth scheme kept; any other value passed through `mask`
 * (`tokenMask(token)` hides the token a server echoes in a header of its own).
 * @example `redactHeaders({ Authorization: 'Bearer s' }) // { authorization: 'Bearer [redacted]' }`
 */
export function redactHeaders(
  headers: HeadersInput,
  redact: readonly string[] = [],
  mask: (value: string) => string = (value) => value,
): Record<string, string> {
  const hide = ([name, value]: [string, string]) =>
    [name, isSecretHeader(name, redact) ? redactedHeaderValue(name, value, '[redacted]') : mask(value)] as const
  return Object.fromEntries(headerEntries(headers).map(hide))
}
