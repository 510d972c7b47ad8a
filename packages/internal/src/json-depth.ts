/**
 * The deepest nesting of arrays and objects in any JSON the project's programs take: a request or
 * control body, a fault's body, a kept journal entry, a data file, a proxied answer. No body of the
 * API nests deeper than a few levels; text past this is refused by a scan of its characters before
 * it is parsed, so no parser, check or printer ever runs out of stack on it.
 */
export const MAX_JSON_DEPTH = 1_000

const QUOTE = 0x22
const BACKSLASH = 0x5c
// `[` and `{` differ in one bit (0x20), as `]` and `}` do: one comparison finds either.
const OPENS = 0x7b
const CLOSES = 0x7d

/**
 * Whether JSON text (a string, or its UTF-8 bytes) nests arrays and objects deeper than `max`
 * (default {@link MAX_JSON_DEPTH}), brackets inside strings not counted. Text that is not JSON is
 * left for the parser to refuse.
 */
export function nestedDeeperThan(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  const at = typeof text === 'string' ? (index: number) => text.charCodeAt(index) : (index: number) => text[index]
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = at(index) as number
    if (inString) {
      if (code === BACKSLASH) index++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if ((code | 0x20) === OPENS) {
      if (++depth > max) return true
    } else if ((code | 0x20) === CLOSES) depth--
  }
  return false
}

/** What a refusal of {@link nestedDeeperThan} says: the limit, so a caller knows what to change. */
export const TOO_DEEP = `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels (the limit)`
