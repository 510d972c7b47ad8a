import { didYouMean, escapeControls, escapeMessage, jsonLine, UsageError } from '@session-library/internal'
import { isRecord } from '@session-library/schemas/client'
import { type CliContext, colourFor, styles, write } from './iostreams.js'
import { type Filter, runFilter } from './jq.js'

type Row = Record<string, unknown>

const MAX_CELL = 60

// Lists joined, objects as compact JSON, control characters (newlines too) escaped; on a terminal,
// long text is cut (the JSON form and a pipe have it whole).
function cellText(value: unknown, cut: boolean): string {
  const plain = Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)
  const text =
    value == null ? '' : plain ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return cut ? cutToWidth(escapeControls(text)) : escapeControls(text)
}

// The width a terminal shows of a text, loaded with the first table on a terminal (a pipe or JSON
// never measures, and a start-up need not load it).
let stringWidth: (text: string) => number = (text) => text.length
const loadWidths = async (terminal: boolean) => {
  if (terminal) stringWidth = (await import('string-width')).default
}

// Widths are those a terminal shows (an emoji or a CJK character takes two columns, a combining mark
// none), never UTF-16 units; a cut keeps whole graphemes.
function cutToWidth(text: string): string {
  if (stringWidth(text) <= MAX_CELL) return text
  let kept = ''
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (stringWidth(kept + segment) > MAX_CELL - 1) break
    kept += segment
  }
  return `${kept}…`
}

const padded = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - stringWidth(text)))

const columnsOf = (records: readonly Row[]) => [...new Set(records.flatMap((record) => Object.keys(record)))]

/** Where a command writes: data to stdout (a table for people, JSON for programs), messages to stderr. */
export type Output = ReturnType<typeof createOutput>

interface OutputSettings {
  readonly json?: boolean
  readonly fields?: readonly string[]
  readonly header?: boolean
  /** Hides the token in everything printed, even when a server echoes it. */
  readonly mask?: (text: string) => string
  /** `--jq` or `--template`: what the JSON goes through before it is printed. */
  readonly filter?: Filter
}

function pick(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields) return value
  if (Array.isArray(value)) return value.map((item) => pick(item, fields))
  if (!isRecord(value)) return value
  return Object.fromEntries(fields.filter((field) => field in value).map((field) => [field, value[field]]))
}

// A stream's lines are written a page-sized chunk at a time, not one write per record.
const CHUNK = 64 * 1024
// A streamed table takes its column widths from its first rows.
const WIDTH_SAMPLE = 50

function checkFields(fields: readonly string[] | undefined, records: readonly Row[], named?: readonly string[]): void {
  if (!fields || (records.length === 0 && !named)) return
  const known = [...new Set([...(named ?? []), ...columnsOf(records)])]
  const unknown = fields.find((field) => !known.includes(field))
  if (unknown === undefined) return
  throw new UsageError(`--fields: unknown field '${unknown}'${didYouMean(unknown, known)}; valid: ${known.join(', ')}`)
}

/**
 * Makes the output of one run. On a terminal, tables are aligned with a bold header and long cells
 * cut; on a pipe, rows are tab-separated without padding (a header only with `--header`), so that
 * `cut -f2` and `awk -F'\t'` read them. Every value has its control characters escaped, and the
 * token masked.
 */
export function createOutput(settings: OutputSettings, io: Pick<CliContext, 'stdout' | 'stderr' | 'env'>) {
  const { fields, filter, mask = (text: string) => text } = settings
  const json = settings.json === true || filter !== undefined
  const terminal = io.stdout.isTTY === true
  const style = styles(colourFor(io.stdout, io.env))
  const out = (text: string) => write(io.stdout, mask(text))
  const message = (text: string) => void io.stderr.write(`${mask(escapeMessage(text))}\n`)
  // JSON lines as they are, or what the filter makes of them: text whose lines and tabs are kept.
  const outJson = async (lines: string) => {
    const text = filter ? escapeMessage(await runFilter(filter, lines)) : lines
    if (text) await out(filter && !text.endsWith('\n') ? `${text}\n` : text)
  }
  const cells = (row: Row, columns: readonly string[]) => columns.map((name) => cellText(row[name], terminal))
  const lines = (texts: readonly string[]) => texts.map((line) => `${line}\n`).join('')

  // Writes rows under one header as they come: the first rows fix it and, on a terminal, the widths
  // (a bold header, aligned columns); on a pipe, tab-separated cells. A stream's fields are checked on its first rows.
  function tableWriter(columns?: readonly string[], stream = false) {
    let header: readonly string[] | undefined
    let widths: number[] | undefined
    return async (records: readonly Row[]) => {
      const first = header === undefined
      if (first && stream) checkFields(fields, records)
      header ??= fields ?? columns ?? columnsOf(records)
      const shown = header
      const rows = records.map((row) => cells(row, shown))
      const tsvHead = first && settings.header ? [shown.join('\t')] : []
      if (!terminal) return out(lines([...tsvHead, ...rows.map((row) => row.join('\t'))]))
      const width = (title: string, column: number) =>
        Math.max(stringWidth(title), ...rows.map((row) => stringWidth(row[column] ?? '')))
      widths ??= shown.map(width)
      const fixed = widths
      const line = (texts: readonly string[]) =>
        texts
          .map((text, column) => (column === texts.length - 1 ? text : padded(text, fixed[column] ?? 0)))
          .join('  ')
          .trimEnd()
      return out(lines([...(first ? [style.bold(line(shown))] : []), ...rows.map(line)]))
    }
  }

  async function fieldsOfOne(value: Row) {
    const shown = fields ?? Object.keys(value)
    if (!terminal) return out(lines(shown.map((name) => `${name}\t${cellText(value[name], false)}`)))
    const width = Math.max(0, ...shown.map((name) => stringWidth(name)))
    return out(lines(shown.map((name) => `${style.bold(padded(name, width))}  ${cellText(value[name], true)}`)))
  }

  async function table(value: unknown, columns?: readonly string[]) {
    await loadWidths(terminal)
    if (Array.isArray(value) && value.length === 0) return message('(none)')
    if (Array.isArray(value) && value.every(isRecord)) return tableWriter(columns)(value)
    if (Array.isArray(value)) return out(lines(value.map((item) => cellText(item, terminal))))
    if (!isRecord(value)) return out(`${cellText(value, terminal)}\n`)
    return fieldsOfOne(value)
  }

  async function streamJson(items: AsyncIterable<unknown>) {
    let chunk = ''
    let checked = false
    // What came before a failure (a server that stops making sense half-way) is printed too.
    try {
      for await (const record of items) {
        if (!checked && isRecord(record)) checkFields(fields, [record])
        checked = true
        chunk += `${jsonLine(pick(record, fields), settings.mask)}\n`
        if (chunk.length < CHUNK) continue
        await outJson(chunk)
        chunk = ''
      }
    } finally {
      if (chunk) await outJson(chunk)
    }
  }

  async function streamTable(items: AsyncIterable<unknown>, columns?: readonly string[]) {
    await loadWidths(terminal)
    const writeRows = tableWriter(columns, true)
    const sample: Row[] = []
    let size = terminal ? WIDTH_SAMPLE : 1
    try {
      for await (const record of items) {
        if (!isRecord(record) || sample.push(record) < size) continue
        size = 1
        await writeRows(sample.splice(0))
      }
    } finally {
      if (sample.length > 0) await writeRows(sample)
    }
  }

  return {
    json,
    /**
     * An answer's data; `columns` are the table's default columns when `--fields` is not given,
     * `known` every field `--fields` may name (default: those of the data); with `meta`, the JSON is
     * `{ data, meta }` (a table has no place for it).
     */
    async data(data: unknown, columns?: readonly string[], known?: readonly string[], meta?: unknown) {
      checkFields(fields, isRecord(data) ? [data] : Array.isArray(data) ? data.filter(isRecord) : [], known)
      if (!json) return table(data, columns)
      const shown = meta === undefined ? pick(data, fields) : { data: pick(data, fields), meta }
      await outJson(`${jsonLine(shown, settings.mask)}\n`)
    },
    /** A line of text as it is (its control characters but newlines and tabs escaped): `api -i`'s head. */
    text: (text: string) => out(`${escapeMessage(text)}\n`),
    /** Records as they come: NDJSON with `--json`, else table rows. */
    stream: (items: AsyncIterable<unknown>, columns?: readonly string[]) =>
      json ? streamJson(items) : streamTable(items, columns),
    /** Progress and notes. */
    message,
  }
}
