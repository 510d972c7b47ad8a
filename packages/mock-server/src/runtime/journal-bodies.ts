import { MASKED } from '@session-library/schemas'

/**
 * Characters of a request or answer body a journal entry keeps (its bytes, when it is longer).
 *
 * @example
 * ```ts
 * boundedBody('x'.repeat(JOURNAL_BODY_LIMIT + 1))?.truncated // true
 * ```
 */
export const JOURNAL_BODY_LIMIT = 32 * 1024

/**
 * A request's headers as the journal keeps them: a reference to what the request already holds
 * (fetch's `Headers`), read only when an entry is.
 *
 * @example
 * ```ts
 * const source: HeaderSource = request.headers
 * ```
 */
export type HeaderSource = Iterable<[string, string]>

/**
 * A body as a journal entry shows it: JSON when it parses, else its text; absent when empty.
 * `truncated` marks a body cut at 32 KiB (then always text).
 *
 * @example
 * ```ts
 * const shown: BodyText = { body: { title: 'Night Drive' } }
 * ```
 */
export interface BodyText {
  body?: unknown
  truncated?: true
}

/**
 * A body as kept until read: the caller's own bytes or text (no copy) when short, a copy of its
 * first {@link JOURNAL_BODY_LIMIT} units when longer, so a kept entry never holds a large body.
 *
 * @example
 * ```ts
 * const kept = boundedBody(bytes)
 * ```
 */
export type KeptBody = { value: Uint8Array | string; truncated: boolean } | undefined

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * What a journal entry keeps of a body: see {@link KeptBody}.
 *
 * @example
 * ```ts
 * boundedBody(new Uint8Array(0)) // undefined
 * ```
 */
export function boundedBody(value: Uint8Array | string | undefined): KeptBody {
  if (value === undefined || value.length === 0) return undefined
  if (value.length <= JOURNAL_BODY_LIMIT) return { value, truncated: false }
  const cut =
    typeof value === 'string' ? encoder.encode(value.slice(0, JOURNAL_BODY_LIMIT)) : value.slice(0, JOURNAL_BODY_LIMIT)
  return { value: cut, truncated: true }
}

/**
 * A kept body as an entry shows it, the token masked (D2).
 *
 * @example
 * ```ts
 * readBody(boundedBody('{"title":"A"}'), (text) => text) // { body: { title: 'A' } }
 * ```
 */
export function readBody(kept: KeptBody, mask: (text: string) => string): BodyText {
  if (kept === undefined) return {}
  const text = mask(typeof kept.value === 'string' ? kept.value : decoder.decode(kept.value))
  if (kept.truncated) return { body: text, truncated: true }
  try {
    return { body: JSON.parse(text) }
  } catch {
    return { body: text }
  }
}

/**
 * The headers of a request, names in lower case, the token masked (D2): `Authorization` keeps its
 * scheme only, whatever credential followed it.
 *
 * @example
 * ```ts
 * readHeaders(new Headers({ Authorization: 'Bearer secret' }), (text) => text) // { authorization: 'Bearer <token>' }
 * ```
 */
export function readHeaders(source: HeaderSource | undefined, mask: (text: string) => string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of source ?? []) {
    const key = name.toLowerCase()
    headers[key] = key === 'authorization' ? `${value.split(' ')[0]} ${MASKED}` : mask(value)
  }
  return headers
}
