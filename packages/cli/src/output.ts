import { cellText, columnsOf, tableLines } from './table.js'
import { colourFor, styles, write } from './terminal.js'

type Row = Record<string, unknown>

/**
 * Where a command writes: data to stdout (a table for people, JSON for programs), messages to stderr.
 *
 * @example `await output.data(session, ['id', 'title'])`
 */
export interface Output {
  /** `--json` was given. */
  readonly json: boolean
  /** Prints an answer's data; `columns` are the table's default columns when `--fields` is not given. */
  data(data: unknown, columns?: readonly string[]): Promise<void>
  /** Prints records as they come: NDJSON with `--json`, else table rows. */
  stream(records: AsyncIterable<unknown>, columns?: readonly string[]): Promise<void>
  /** A line to stderr (progress, notes); never data. */
  message(text: string): void
}

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

function pick(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields) return value
  if (Array.isArray(value)) return value.map((item) => pick(item, fields))
  if (!isRow(value)) return value
  return Object.fromEntries(fields.filter((field) => field in value).map((field) => [field, value[field]]))
}

// A stream's JSON lines are written a page-sized chunk at a time, not one write per record.
const CHUNK = 64 * 1024
// A streamed table takes its column widths from its first rows.
const WIDTH_SAMPLE = 50

/**
 * Makes the output of one run from the global flags.
 *
 * @example `const output = createOutput({ json: true })`
 */
export function createOutput(settings: { json?: boolean; fields?: readonly string[] }): Output {
  const { json = false, fields } = settings
  const style = styles(colourFor(process.stdout))
  const out = (text: string) => write(process.stdout, text)
  const message = (text: string) => {
    process.stderr.write(`${text}\n`)
  }
  const header = (rows: readonly Row[], columns?: readonly string[]) => fields ?? columns ?? columnsOf(rows)

  async function table(value: unknown, columns?: readonly string[]) {
    if (Array.isArray(value) && value.length === 0) return message('(none)')
    if (Array.isArray(value) && value.every(isRow)) {
      const names = header(value, columns)
      const { head, body } = tableLines(
        names,
        value.map((row) => names.map((name) => cellText(row[name]))),
        style,
      )
      return out([...head, ...body].map((line) => `${line}\n`).join(''))
    }
    if (Array.isArray(value)) return out(value.map((item) => `${cellText(item)}\n`).join(''))
    if (!isRow(value)) return out(`${cellText(value)}\n`)
    const names = fields ?? Object.keys(value)
    const width = Math.max(0, ...names.map((name) => name.length))
    return out(names.map((name) => `${style.bold(name.padEnd(width))}  ${cellText(value[name])}\n`).join(''))
  }

  async function streamJson(records: AsyncIterable<unknown>) {
    let chunk = ''
    for await (const record of records) {
      chunk += `${JSON.stringify(pick(record, fields))}\n`
      if (chunk.length >= CHUNK) {
        await out(chunk)
        chunk = ''
      }
    }
    if (chunk) await out(chunk)
  }

  async function streamTable(records: AsyncIterable<unknown>, columns?: readonly string[]) {
    const sample: Row[] = []
    let widths: number[] | undefined
    let names: readonly string[] = []
    const flush = async (rows: Row[]) => {
      names = names.length > 0 ? names : header(rows, columns)
      const lines = tableLines(
        names,
        rows.map((row) => names.map((name) => cellText(row[name]))),
        style,
        widths,
      )
      await out([...(widths ? [] : lines.head), ...lines.body].map((line) => `${line}\n`).join(''))
      widths = lines.widths
    }
    for await (const record of records) {
      if (!isRow(record)) continue
      if (widths) await flush([record])
      else if (sample.push(record) >= WIDTH_SAMPLE) await flush(sample.splice(0))
    }
    if (!widths && sample.length > 0) await flush(sample)
  }

  return {
    json,
    async data(data, columns) {
      if (json) await out(`${JSON.stringify(pick(data, fields))}\n`)
      else await table(data, columns)
    },
    stream: (records, columns) => (json ? streamJson(records) : streamTable(records, columns)),
    message,
  }
}
