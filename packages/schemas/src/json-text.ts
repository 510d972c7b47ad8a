/**
 * What {@link parseJsonText} gives for a text that is not JSON (an HTML error page, a cut-off body).
 *
 * @example
 * ```ts
 * import { NOT_JSON, parseJsonText } from '@session-library/schemas/client'
 * parseJsonText('<html>') === NOT_JSON // true
 * ```
 */
export const NOT_JSON: unique symbol = Symbol('not JSON')

/**
 * Reads a body as received: the parsed JSON, `undefined` for an empty text, {@link NOT_JSON} for
 * anything else, so that a caller can tell a body that is not JSON from one that is `null`.
 *
 * @example
 * ```ts
 * import { parseJsonText } from '@session-library/schemas/client'
 * parseJsonText('{"data":1}') // { data: 1 }
 * parseJsonText('') // undefined
 * ```
 */
export function parseJsonText(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}
