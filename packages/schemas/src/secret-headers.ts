// One rule for every place that shows headers (the SDK's logger, the mock's journal): which
// headers hold a secret, and what of a secret value may show. Names compared in lower case.
const ALWAYS_SECRET: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'])
const SECRET_PARTS = ['key', 'token', 'secret'] as const

/**
 * Whether a header's value is a secret that is never shown (D2): `Authorization`,
 * `Proxy-Authorization`, `Cookie`, `Set-Cookie`, any name containing `key`, `token` or `secret`
 * (it errs on the side of hiding: `X-Monkey-Id` too), and the names in `extra`; any case.
 */
export function isSecretHeader(name: string, extra: readonly string[] = []): boolean {
  const lower = name.toLowerCase()
  if (ALWAYS_SECRET.has(lower) || SECRET_PARTS.some((part) => lower.includes(part))) return true
  return extra.some((named) => named.toLowerCase() === lower)
}

// A known scheme word followed by the credential: only then is the first word not the secret itself.
const SCHEME = /^(bearer|basic|digest|token)\s/i

/**
 * What stands for a secret header's value: `placeholder`, after the auth scheme word of an
 * `Authorization` or `Proxy-Authorization` value (`Bearer <token>`), which says which kind of
 * credential it was without giving it away. A value without a known scheme is hidden whole.
 */
export function redactedHeaderValue(name: string, value: string, placeholder: string): string {
  const scheme = name.toLowerCase().endsWith('authorization') ? SCHEME.exec(value) : null
  return scheme ? `${scheme[1]} ${placeholder}` : placeholder
}
