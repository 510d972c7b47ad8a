/** The escapes a reader knows; every other control character is shown as `\xHH`. */
const NAMED: Readonly<Record<string, string>> = { '\x1b': '\\e', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

// C0, DEL and C1 (U+0080–U+009F, e.g. U+009B, a one-character CSI for some terminals).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * Text from a request or a server, made safe to print on a terminal (issue 23.4): every control
 * character — C0, DEL, C1 — is shown as an escape (`\e`, `\n`, `\x9b` …) instead of being sent, so
 * data cannot set a window title, write the clipboard or clear the screen, nor break a log line in
 * two. Everything else is left as it is.
 *
 * @example
 * ```ts
 * escapeControls('\u001b]0;OWNED\u0007') // '\\e]0;OWNED\\x07'
 * ```
 */
export function escapeControls(text: string): string {
  return text.replace(
    CONTROLS,
    (char) => NAMED[char] ?? `\\x${(char.codePointAt(0) as number).toString(16).padStart(2, '0')}`,
  )
}
