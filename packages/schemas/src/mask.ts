/** What stands where a secret was: in journals, logs, error messages and printed answers (D2). */
export const MASKED = '<token>'

// A secret counts only as a whole value: a token `t` masks `/sessions/t`, never the `t` of `tags`. As a
// server reads a URL, `+` is a space and an escape of anything but a letter, digit or `-._~` a separator;
// in JSON text, so is a short escape (`\n`). Before it: no word character ending no escape, and no escape of
// a word character.
const BEFORE = String.raw`(?<!(?<!%[\dA-F]?|\\)[\w\-.~%]|%(?:3\d|[46][1-9A-F]|[57][\dA]|2[DE]|5F|7E))`
const AFTER = String.raw`(?![\w\-.~])`

/** `text` written as a regular expression that matches it and nothing else: each of `.*+?^${}()|[]\\` escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0')

// One character of a secret as it may stand in a text, in any case (a host name is read in lower case, hex
// digits come in either): as is, percent-encoded (each byte, needed or not: `%53` is an `S` to any server),
// a space as `+`, or JSON-escaped (`\u0053`, `\"`, `\\`, `\/`), so that a JSON text is masked as its
// strings read.
const encoder = new TextEncoder()

function characterForms(character: string): string {
  const percent = [...encoder.encode(character)].map((byte) => `%${hex(byte, 2)}`).join('')
  const unicode = [...Array(character.length).keys()].map((unit) => `\\u${hex(character.charCodeAt(unit), 4)}`)
  const short = '"\\/'.includes(character) ? [`\\${character}`] : []
  const forms = [character, percent, unicode.join(''), ...short].map(escapeRegExp)
  return `(?:${forms.join('|')}${character === ' ' ? '|\\+' : ''})`
}

const patternOf = (secret: string) => [...secret].map(characterForms).join('')

/**
 * A function that masks the given secrets (typically the bearer token) in any text: a URL, a
 * message, a printed answer, a JSON text. A secret is replaced only as a whole value (between separators
 * such as `/`, `?`, `&`, `=`, `+`, spaces or quotes, also percent-encoded), in any letter case, as sent,
 * percent-encoded or JSON-escaped (`\u` escapes too); never inside a longer word. Empty secrets are
 * ignored. Build it once per token.
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
  const lower = given.map((secret) => secret.toLowerCase())
  return (text) => {
    const folded = text.toLowerCase()
    if (!/[%\\+]/.test(text) && !lower.some((secret) => folded.includes(secret))) return text
    pattern ??= new RegExp(`${BEFORE}(?:${given.map(patternOf).join('|')})${AFTER}`, 'gi')
    return text.replace(pattern, MASKED)
  }
}

/** Masks the secrets in one text; see {@link tokenMask}, which compiles the pattern once for many. */
export function maskToken(text: string, secrets: string | readonly (string | undefined)[]): string {
  return tokenMask(secrets)(text)
}

// One rule for every place that shows headers (the SDK's logger, the mock's journal).
const ALWAYS_SECRET: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'])
const SECRET_PARTS = ['key', 'token', 'secret'] as const

/**
 * Whether a header's value is a secret never shown (D2): `Authorization`, `Proxy-Authorization`, `Cookie`,
 * `Set-Cookie`, a name holding `key`, `token` or `secret` (`X-Monkey-Id` too), or one in `extra`; any case.
 */
export function isSecretHeader(name: string, extra: readonly string[] = []): boolean {
  const lower = name.toLowerCase()
  if (ALWAYS_SECRET.has(lower) || SECRET_PARTS.some((part) => lower.includes(part))) return true
  return extra.some((named) => named.toLowerCase() === lower)
}

// A known scheme word followed by the credential: only then is the first word not the secret itself.
const SCHEME = /^(bearer|basic|digest|token)\s/i

/**
 * What stands for a secret header's value: `placeholder`, after the scheme word of an `Authorization`
 * value (`Bearer <token>`); a value without a known scheme is hidden whole.
 */
export function redactedHeaderValue(name: string, value: string, placeholder: string): string {
  const scheme = name.toLowerCase().endsWith('authorization') ? SCHEME.exec(value) : null
  return scheme ? `${scheme[1]} ${placeholder}` : placeholder
}
