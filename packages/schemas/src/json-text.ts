/** Whether a parsed JSON value is an object with fields (a row of a table): not `null`, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What {@link parseJsonText} gives for a text that is not JSON (an HTML error page, a cut-off body). */
export const NOT_JSON: unique symbol = Symbol('not JSON')

/** A body as received: its JSON, `undefined` when empty, {@link NOT_JSON} when not JSON (unlike a `null` body). */
export function parseJsonText(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}
