// The human form of an answer: records as a table, one object as fields and values.
import { escapeControls } from '@session-library/internal'

const MAX_CELL = 60

/**
 * A cell's text: lists joined, objects as compact JSON, control characters (newlines too) escaped;
 * on a terminal, long text is cut (the JSON form and a pipe have it whole).
 *
 * @example `cellText(['a', 'b'], true) // 'a, b'`
 */
export function cellText(value: unknown, cut: boolean): string {
  let text: string
  if (value === undefined || value === null) text = ''
  else if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    text = value.join(', ')
  } else if (typeof value === 'object') text = JSON.stringify(value)
  else text = String(value)
  text = escapeControls(text)
  return cut && text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text
}

/** The column names of a set of records, in their first-seen order. */
export function columnsOf(records: readonly Record<string, unknown>[]): string[] {
  const columns = new Set<string>()
  for (const record of records) for (const key of Object.keys(record)) columns.add(key)
  return [...columns]
}

/** Lays out rows under a header; `widths` fixes the columns (a stream keeps those of its first rows). */
export function tableLines(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  style: { bold(text: string): string },
  widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length))),
): { head: string[]; body: string[]; widths: number[] } {
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return { head: [style.bold(line(header))], body: rows.map(line), widths }
}
