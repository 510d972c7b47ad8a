/** What stands where a secret was: in journals, logs, error messages and printed answers (D2). */
export const MASKED = '<token>'

// A secret counts only as a whole value: not next to a character that could belong to a longer
// one, so that a one-letter token `t` masks `/sessions/t` and `?x=t` but never the `t` of `tags`.
// Read as the server reads a URL part: `+` is a space in a query, and an escape that decodes to
// anything but a letter, digit or `-._~` (`%20`, `%2C`, `%2F`…) is a separator like the character.
// Before it: no word character that ends no escape, and no escape of a word character.
const BEFORE = String.raw`(?<!(?<!%[\dA-Fa-f]?)[\w\-.~%]|%(?:3\d|[46][1-9A-Fa-f]|[57][\dAa]|2[DEde]|5[Ff]|7[Ee]))`
const AFTER = String.raw`(?![\w\-.~])`

/** `text` written as a regular expression that matches it and nothing else: each of `.*+?^${}()|[]\\` escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const hexDigit = (digit: string) => (/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit)

// One character of a secret as it may stand in a text: as is, percent-encoded (each byte, either
// hex case, whether the encoder needed to or not: `%53` is an `S` to any server), a space as a
// query's `+`, or as JSON escapes it (`\"`, `\\`), so that a secret inside an already-encoded
// answer or URL is found too.
const encoder = new TextEncoder()

function characterForms(character: string): string {
  const bytes = [...encoder.encode(character)]
  const percent = bytes.map(
    (byte) => `%${[...byte.toString(16).toUpperCase().padStart(2, '0')].map(hexDigit).join('')}`,
  )
  const json = character === '"' || character === '\\' ? [escapeRegExp(`\\${character}`)] : []
  return `(?:${[escapeRegExp(character), percent.join(''), ...json].join('|')}${character === ' ' ? '|\\+' : ''})`
}

const patternOf = (secret: string) => [...secret].map(characterForms).join('')

/**
 * A function that masks the given secrets (typically the bearer token) in any text: a path and
 * query, a message, a printed answer. Each secret is replaced only where it stands as a whole value
 * (between separators such as `/`, `?`, `&`, `=`, `+`, spaces or quotes, as sent or percent-encoded:
 * `%20`, `%2C`, `%2F`), as sent, percent-encoded (any of its characters, either hex case, a space
 * as `+`) or JSON-escaped; never a substring of a longer word.
 * Empty secrets are ignored. Build it once per token: the pattern is compiled when the mask is
 * made, and text without the secret or an escape costs a few `includes`.
 *
 * @example
 * ```ts
 * import { tokenMask } from '@session-library/schemas/client'
 * const mask = tokenMask('t')
 * mask('/api/v1/sessions/ses_1/tags?sort=title') // unchanged
 * mask('/api/v1/sessions?token=t') // '/api/v1/sessions?token=<token>'
 * ```
 */
export function tokenMask(secrets: string | readonly (string | undefined)[]): (text: string) => string {
  const given = [...new Set((typeof secrets === 'string' ? [secrets] : secrets).filter(Boolean) as string[])]
  if (given.length === 0) return (text) => text
  // Longest first, so that a longer secret is not cut short by one it starts with.
  given.sort((a, b) => b.length - a.length)
  // Compiled at the first text that may hold a secret: most masks (a mock's, a CLI run's) never see one.
  let pattern: RegExp | undefined
  const mayHold = (text: string) => /[%\\+]/.test(text) || given.some((s) => text.includes(s))
  return (text) => {
    if (!mayHold(text)) return text
    pattern ??= new RegExp(`${BEFORE}(?:${given.map(patternOf).join('|')})${AFTER}`, 'g')
    return text.replace(pattern, MASKED)
  }
}

/** Masks the secrets in one text; see {@link tokenMask}, which compiles the pattern once for many. */
export function maskToken(text: string, secrets: string | readonly (string | undefined)[]): string {
  return tokenMask(secrets)(text)
}

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
