const QUOTE = 0x22
const BACKSLASH = 0x5c
// `[` and `{` differ in one bit (0x20), as `]` and `}` do: one comparison finds either.
const OPENS = 0x7b
const CLOSES = 0x7d

/**
 * The deepest nesting of arrays and objects the proxy checks in an answer. No answer of the API
 * nests deeper than a few levels; a body past this is the upstream's fault (502), found by a scan
 * of its bytes before it is parsed: parsing a few megabytes of `[[[[…` first cost hundreds of MB.
 */
export const MAX_ANSWER_DEPTH = 1_000

/**
 * Whether JSON text (as UTF-8 bytes) nests arrays and objects deeper than `max`, brackets inside
 * strings not counted. Text that is not JSON is left for the parser to refuse.
 */
export function nestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]
    if (inString) {
      if (byte === BACKSLASH) index++
      else if (byte === QUOTE) inString = false
    } else if (byte === QUOTE) inString = true
    else if (((byte as number) | 0x20) === OPENS) {
      if (++depth > max) return true
    } else if (((byte as number) | 0x20) === CLOSES) depth--
  }
  return false
}
