/** What stands where a secret was: in journals, logs, error messages and printed answers (D2). */
export const MASKED = '<token>'

// A secret counts only as a whole value: not next to a character that could belong to a longer
// one, so that a one-letter token `t` masks `/sessions/t` and `?x=t` but never the `t` of `tags`.
const BEFORE = String.raw`(?<![A-Za-z0-9\-._~%+])`
const AFTER = String.raw`(?![A-Za-z0-9\-._~+])`

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function formsOf(secret: string): string[] {
  // As sent, and as a URL carries it (percent-encoded), in either case of the hex digits.
  const encoded = encodeURIComponent(secret)
  return [...new Set([secret, encoded, encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())])]
}

/**
 * A function that masks the given secrets (typically the bearer token) in any text: a path and
 * query, a message, a printed answer. Each secret is replaced only where it stands as a whole value
 * (between separators such as `/`, `?`, `&`, `=`, spaces or quotes), as sent or percent-encoded;
 * never a substring of a longer word. Empty secrets are ignored. Build it once per token: the
 * pattern is compiled when the mask is made, and text without the secret costs one `includes`.
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
  const forms = [
    ...new Set(
      (typeof secrets === 'string' ? [secrets] : secrets).filter(Boolean).flatMap((s) => formsOf(s as string)),
    ),
  ]
  if (forms.length === 0) return (text) => text
  // Longest first, so that an encoded form is not cut short by the plain one.
  forms.sort((a, b) => b.length - a.length)
  const pattern = new RegExp(`${BEFORE}(?:${forms.map(literal).join('|')})${AFTER}`, 'g')
  return (text) => (forms.some((form) => text.includes(form)) ? text.replace(pattern, MASKED) : text)
}

/**
 * Masks the secrets in one text; see {@link tokenMask}, which compiles the pattern once for many.
 *
 * @example
 * ```ts
 * import { maskToken } from '@session-library/schemas/client'
 * maskToken('GET /api/v1/sessions/secret-token', 'secret-token') // 'GET /api/v1/sessions/<token>'
 * ```
 */
export function maskToken(text: string, secrets: string | readonly (string | undefined)[]): string {
  return tokenMask(secrets)(text)
}
