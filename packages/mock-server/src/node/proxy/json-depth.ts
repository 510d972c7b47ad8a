const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d

/**
 * The deepest nesting of arrays and objects the proxy checks in an answer. No answer of the API
 * nests deeper than a few levels; a body past this is the upstream's fault (502), found by a scan
 * of its bytes before it is parsed: parsing a few megabytes of `[[[[…` first cost hundreds of MB.
 *
 * @example
 * ```ts
 * nestedDeeperThan(new TextEncoder().encode('[[1]]'), MAX_ANSWER_DEPTH) // false
 * ```
 */
export const MAX_ANSWER_DEPTH = 1_000

/**
 * Whether JSON text (as UTF-8 bytes) nests arrays and objects deeper than `max`, brackets inside
 * strings not counted. Text that is not JSON is left for the parser to refuse.
 *
 * @example
 * ```ts
 * nestedDeeperThan(new TextEncoder().encode('{"a":"[[["}'), 1) // false
 * ```
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
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--
  }
  return false
}
