/**
 * The two columns of a usage text: each left cell (a flag, a command) padded to the longest, two
 * spaces, then its text; each line indented two spaces, without trailing spaces.
 */
export function usageColumns(rows: readonly (readonly [left: string, text: string])[]): string[] {
  const width = Math.max(0, ...rows.map(([left]) => left.length))
  return rows.map(([left, text]) => `  ${left.padEnd(width)}  ${text}`.trimEnd())
}
