/**
 * A column of {@link formatTable}: the header, how to get the cell from a row, and how wide a cell
 * may grow before it is cut with `…`.
 *
 * @example
 * ```ts
 * const title: Column<Session> = { header: 'Title', cell: (session) => session.title, max: 32 }
 * ```
 */
export interface Column<Row> {
  header: string
  cell: (row: Row) => string
  max?: number
  align?: 'left' | 'right'
}

const cut = (text: string, max = Number.POSITIVE_INFINITY) =>
  text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text

/**
 * Lays rows out as a plain-text table: a header, a rule, one line per row, columns padded to their
 * widest cell, two spaces between columns, no trailing spaces.
 *
 * @example
 * ```ts
 * formatTable([{ n: 'a' }], [{ header: 'Name', cell: (row) => row.n }])
 * // 'Name\n────\na'
 * ```
 */
export function formatTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => cut(column.cell(row).replace(/\s+/g, ' '), column.max)))
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((line) => line[index]?.length ?? 0)),
  )
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => {
        const width = widths[index] ?? 0
        return columns[index]?.align === 'right' ? value.padStart(width) : value.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '─'.repeat(width)).join('  ')
  return [line(columns.map((column) => column.header)), rule, ...cells.map((values) => line(values))].join('\n')
}
