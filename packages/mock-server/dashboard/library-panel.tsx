import type { SessionWaveform } from '@session-library/schemas/client'
import { useEffect, useMemo, useState } from 'preact/hooks'
import type { LibrarySnapshot, StoredSession } from '../src/store/records.js'
import type { Act } from './app.js'
import { control, waveformOf } from './control.js'
import type { JournalRow } from './events.js'
import { Panel } from './panel.js'
import { WaveformView } from './waveform-view.js'

const SORTS = { title: 'title', lastOpened: 'last opened', kind: 'kind', status: 'status' } as const
type Sort = keyof typeof SORTS

/** Requests after which the library may have changed: answered writes and imports. */
const changesLibrary = (entry: JournalRow) =>
  entry.method !== 'GET' && entry.statusCode >= 200 && entry.statusCode < 300

const matches = (session: StoredSession, words: string[]) => {
  const text = [session.title, session.client, session.notes, session.kind, session.status, ...session.tags]
    .join('\n')
    .toLowerCase()
  return words.every((word) => text.includes(word))
}

interface Props {
  token: string
  journal: JournalRow[]
  /** Bumped when imports progress: they change the library without a request. */
  importsProcessed: number
  act: Act
}

/**
 * The library from `GET /__mock/snapshot` (not journaled, untouched by faults), searchable and
 * sortable; a selected session's tags, notes, previews and waveform. Reloaded when a write is
 * answered or an import moves on, never on a timer.
 */
export function LibraryPanel({ token, journal, importsProcessed, act }: Props) {
  const [library, setLibrary] = useState<LibrarySnapshot>()
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<Sort>('lastOpened')
  const [descending, setDescending] = useState(true)
  const [selectedId, setSelectedId] = useState<string>()
  const writes = journal.filter(changesLibrary).length
  useEffect(() => {
    const timer = setTimeout(() => act(async () => setLibrary(await control(token, 'GET', '/snapshot'))), 100)
    return () => clearTimeout(timer)
  }, [token, writes, importsProcessed])
  const sessions = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    const found = (library?.sessions ?? []).filter((session) => matches(session, words))
    const direction = descending ? -1 : 1
    return found.sort((a, b) => direction * String(a[sort]).localeCompare(String(b[sort])) || a.id.localeCompare(b.id))
  }, [library, query, sort, descending])
  const selected = library?.sessions.find((session) => session.id === selectedId)
  return (
    <Panel title="Library" wide>
      <div class="fields">
        <label>
          Search
          <input
            type="search"
            value={query}
            placeholder="title, client, notes, tags"
            onInput={(e) => setQuery(e.currentTarget.value)}
          />
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as Sort)}>
            {Object.entries(SORTS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setDescending(!descending)} aria-label="Sort direction">
          {descending ? '↓ descending' : '↑ ascending'}
        </button>
        <p class="quiet" aria-live="polite">
          {sessions.length} of {library?.sessions.length ?? 0} sessions
        </p>
      </div>
      <div class="library">
        <ul class="sessions" aria-label="Sessions">
          {sessions.map((session) => (
            <li key={session.id}>
              <button
                type="button"
                class={session.id === selectedId ? 'session selected' : 'session'}
                aria-pressed={session.id === selectedId}
                onClick={() => setSelectedId(session.id)}
              >
                <strong>{session.title}</strong>
                <span class="quiet">
                  {session.kind} · {session.status} · {session.lastOpened.slice(0, 10)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {selected && library && <SessionDetail token={token} session={selected} lanes={library.lanes} />}
      </div>
    </Panel>
  )
}

function SessionDetail({
  token,
  session,
  lanes,
}: {
  token: string
  session: StoredSession
  lanes: LibrarySnapshot['lanes']
}) {
  const [variantId, setVariantId] = useState('')
  const [waveform, setWaveform] = useState<SessionWaveform>()
  const [problem, setProblem] = useState('')
  useEffect(() => {
    let current = true
    setWaveform(undefined)
    setProblem('')
    waveformOf(token, session.id, variantId)
      .then((answer) => current && setWaveform(answer))
      .catch((error: Error) => current && setProblem(error.message))
    return () => {
      current = false
    }
  }, [token, session.id, variantId])
  const notes =
    lanes.find((lane) => lane.sessionId === session.id && lane.variantId === waveform?.variantId)?.notes ?? []
  return (
    <article class="detail" aria-label={`Session ${session.title}`}>
      <h3>{session.title}</h3>
      <p class="quiet">
        <code>{session.id}</code> · {session.kind} · {session.status} · client {session.client || '(none)'}
      </p>
      <ul class="tags" aria-label="Tags">
        {session.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      <h4>Notes</h4>
      <p class="notes-text">{session.notes || <span class="quiet">(none)</span>}</p>
      <h4>Previews</h4>
      {session.previews.length === 0 ? (
        <p class="quiet">(none)</p>
      ) : (
        <label>
          Variant
          <select value={variantId || waveform?.variantId} onChange={(e) => setVariantId(e.currentTarget.value)}>
            {session.previews.map((preview) => (
              <option key={preview.id} value={preview.id}>
                {preview.name} ({preview.status}){preview.id === session.preferredPreviewId ? ' · preferred' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {waveform && <WaveformView peaks={waveform.waveform.peaks} duration={waveform.waveform.duration} notes={notes} />}
      {problem && <p class="quiet">Waveform: {problem}</p>}
    </article>
  )
}
