import { nestedDeeperThan } from '@session-library/internal'
import { isSecretHeader, MASKED, redactedHeaderValue } from '@session-library/schemas'

/** Characters of a body a journal entry keeps. */
export const JOURNAL_BODY_LIMIT = 32 * 1024

/** A request's headers as the journal keeps them: a reference, read only when an entry is. */
export type HeaderSource = Iterable<[string, string]>

/** A body as a journal entry shows it: JSON when it parses, else text; `truncated` when cut at 32 KiB. */
export interface BodyText {
  body?: unknown
  truncated?: true
}

/** The first {@link JOURNAL_BODY_LIMIT} units of a longer body, copied: a kept entry never holds a large body. */
class CutBody {
  constructor(readonly bytes: Uint8Array) {}
}

/** An answer kept as the value it was serialized from, when that cannot change: serialized again only if read. */
export class JsonValue {
  constructor(readonly value: unknown) {}
}

export type KeptBody = Uint8Array | string | CutBody | JsonValue | undefined

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** What a journal entry keeps of a body: the caller's own when short, else a {@link CutBody}. */
export function boundedBody(value: Uint8Array | string | JsonValue | undefined): KeptBody {
  if (value instanceof JsonValue) return value
  if (value === undefined || value.length === 0) return undefined
  if (value.length <= JOURNAL_BODY_LIMIT) return value
  return new CutBody(
    typeof value === 'string' ? encoder.encode(value.slice(0, JOURNAL_BODY_LIMIT)) : value.slice(0, JOURNAL_BODY_LIMIT),
  )
}

/** A kept body as an entry shows it, the token masked (D2). */
export function shownBody(kept: KeptBody, mask: (text: string) => string): BodyText {
  if (kept === undefined) return {}
  if (kept instanceof CutBody) return { body: mask(decoder.decode(kept.bytes)), truncated: true }
  if (kept instanceof JsonValue) return shownBody(boundedBody(JSON.stringify(kept.value)), mask)
  const text = mask(typeof kept === 'string' ? kept : decoder.decode(kept))
  // Shown as text what no parser or printer could follow.
  if (nestedDeeperThan(text)) return { body: text }
  try {
    return { body: JSON.parse(text) }
  } catch {
    return { body: text }
  }
}

/** A request's headers, names in lower case, secrets hidden by the SDK's rule and the token masked (D2). */
export function shownHeaders(source: HeaderSource | undefined, mask: (text: string) => string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of source ?? []) {
    const key = name.toLowerCase()
    headers[key] = isSecretHeader(key) ? redactedHeaderValue(key, value, MASKED) : mask(value)
  }
  return headers
}
