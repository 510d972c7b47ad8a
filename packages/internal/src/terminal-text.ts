// Data from a server or a request must never drive a terminal: a title holding ESC ] 0 ; … BEL
// would set the window title, ESC [ 2 J clear the screen, ESC ] 52 write the clipboard (C1 controls
// such as U+009B act as ESC [ on many terminals). What the CLI and the mock print of data passes here.

const NAMED: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\u001b': '\\e' }
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0')

const shown = (char: string) => NAMED[char] ?? `\\x${hex(char)}`

/**
 * A text with every control character (C0, DEL, C1) shown as an escape: `\e`, `\n`, `\x9b`. For
 * one cell of a table or one value on a line.
 *
 * @example
 * ```ts
 * import { escapeControls } from '@session-library/internal'
 * escapeControls('a\u001b[2Jb') // 'a\\e[2Jb'
 * ```
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, shown)
}

/**
 * A message of several lines: newlines and tabs kept, every other control character escaped.
 *
 * @example
 * ```ts
 * import { escapeMessage } from '@session-library/internal'
 * escapeMessage('line one\nline \u009b two') // 'line one\nline \\x9b two'
 * ```
 */
export function escapeMessage(text: string): string {
  return text.replace(CONTROLS_BUT_LINES, shown)
}

/**
 * A value as one line of JSON, with DEL and the C1 controls written as `\u007f`…`\u009f` too
 * (JSON.stringify already writes C0 so): the same JSON, and nothing a terminal acts on. With a
 * `mask` (see `tokenMask`), every string is masked before it is encoded: a secret inside a value
 * that is itself JSON text would otherwise stand escaped twice, past the mask's reach.
 *
 * @example
 * ```ts
 * import { jsonLine } from '@session-library/internal'
 * jsonLine({ title: '\u009b2J' }) // '{"title":"\\u009b2J"}'
 * ```
 */
export function jsonLine(value: unknown, mask?: (text: string) => string): string {
  const replacer = mask && ((_key: string, item: unknown) => (typeof item === 'string' ? mask(item) : item))
  return (JSON.stringify(value, replacer) ?? 'null').replace(/[\u007f-\u009f]/g, (char) => `\\u00${hex(char)}`)
}
