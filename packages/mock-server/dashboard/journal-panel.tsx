import { useMemo, useState } from 'preact/hooks'
import type { JournalRow } from './events.js'
import { Panel } from './panel.js'

/** Rows drawn at once: the newest that pass the filters. */
const ROWS_SHOWN = 200

const STATUS_CLASSES = {
  all: () => true,
  '2xx': (status: number) => status >= 200 && status < 300,
  '4xx': (status: number) => status >= 400 && status < 500,
  '5xx': (status: number) => status >= 500,
  dropped: (status: number) => status === 0,
} satisfies Record<string, (status: number) => boolean>

type StatusClass = keyof typeof STATUS_CLASSES

const timeOf = (at: string) => at.slice(11, 23)

/** The request journal as it happens, newest first, filtered by status class and operation. */
export function JournalPanel({ entries }: { entries: JournalRow[] }) {
  const [statusClass, setStatusClass] = useState<StatusClass>('all')
  const [operation, setOperation] = useState('')
  const [selected, setSelected] = useState<JournalRow>()
  const operations = useMemo(
    () => [...new Set(entries.flatMap((entry) => (entry.operation ? [entry.operation] : [])))].sort(),
    [entries],
  )
  const matching = entries.filter(
    (entry) => STATUS_CLASSES[statusClass](entry.statusCode) && (!operation || entry.operation === operation),
  )
  const shown = matching.slice(-ROWS_SHOWN).reverse()
  return (
    <Panel title="Journal" wide>
      <div class="fields">
        <label>
          Status
          <select value={statusClass} onChange={(e) => setStatusClass(e.currentTarget.value as StatusClass)}>
            {Object.keys(STATUS_CLASSES).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          Operation
          <select value={operation} onChange={(e) => setOperation(e.currentTarget.value)}>
            <option value="">all</option>
            {operations.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <p class="quiet" aria-live="polite">
          {matching.length} of {entries.length} requests{matching.length > ROWS_SHOWN && `, newest ${ROWS_SHOWN} shown`}
        </p>
      </div>
      <div class="scroll">
        <table class="journal">
          <thead>
            <tr>
              <th>Time</th>
              <th>Method</th>
              <th>Path</th>
              <th>Status</th>
              <th>Code</th>
              <th>Operation</th>
              <th class="num">ms</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr
                key={entry.seq}
                class={`${entry === selected ? 'selected ' : ''}s${Math.floor(entry.statusCode / 100)}`}
                onClick={() => setSelected(entry)}
              >
                <td>
                  <button type="button" class="link" onClick={() => setSelected(entry)}>
                    {timeOf(entry.at)}
                  </button>
                </td>
                <td>{entry.method}</td>
                <td class="path">{entry.path}</td>
                <td>{entry.statusCode === 0 ? 'dropped' : entry.statusCode}</td>
                <td>{entry.code ?? ''}</td>
                <td>{entry.operation ?? ''}</td>
                <td class="num">{entry.ms ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected && <EntryDetail entry={selected} onClose={() => setSelected(undefined)} />}
    </Panel>
  )
}

function EntryDetail({ entry, onClose }: { entry: JournalRow; onClose(): void }) {
  return (
    <section class="detail" aria-label="Selected request">
      <h3>
        {entry.method} {entry.path}
      </h3>
      <dl>
        <dt>Query</dt>
        <dd>
          <code>{entry.query ? `?${entry.query}` : '(none)'}</code>
        </dd>
        <dt>Answer</dt>
        <dd>
          {entry.statusCode === 0 ? 'connection dropped (network fault)' : entry.statusCode}
          {entry.code && ` ${entry.code}`}
        </dd>
        {entry.message && (
          <>
            <dt>Error</dt>
            <dd class="error-text">{entry.message}</dd>
          </>
        )}
        <dt>Operation</dt>
        <dd>{entry.operation ?? '(no route)'}</dd>
        <dt>At</dt>
        <dd>
          {entry.at}
          {entry.ms !== undefined && `, ${entry.ms} ms`}
        </dd>
      </dl>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  )
}
