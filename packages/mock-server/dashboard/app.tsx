import { useEffect, useState } from 'preact/hooks'
import { ControlError } from './control.js'
import { ControlsPanel } from './controls-panel.js'
import { type JournalEvent, type JournalRow, type MockState, openStream } from './events.js'
import { FaultsPanel } from './faults-panel.js'
import { ImportsPanel } from './imports-panel.js'
import { JournalPanel } from './journal-panel.js'
import { LibraryPanel } from './library-panel.js'
import { TokenForm } from './token-form.js'

/** Where the token lives: this tab's session storage, never a URL or a cookie. */
const TOKEN_KEY = 'session-library-mock-token'
/** As many entries as the mock's journal keeps. */
const JOURNAL_SHOWN = 1000

const storedToken = () => sessionStorage.getItem(TOKEN_KEY) ?? ''

let arrived = 0
const numbered = (entry: JournalEvent): JournalRow => ({ ...entry, seq: arrived++ })

/** Items processed by every import: it moves whenever an import changes the library. */
const processedItems = (state: MockState) =>
  state.imports.reduce((sum, each) => sum + each.completed + each.failed + each.skipped, 0)

type Connection = 'connecting' | 'open' | 'reconnecting'

/** The dashboard: the token form until a token is accepted, then the mock's panels, live. */
export function App() {
  const [token, setToken] = useState(storedToken)
  const [refusal, setRefusal] = useState('')
  const [state, setState] = useState<MockState>()
  const [journal, setJournal] = useState<JournalRow[]>([])
  const [connection, setConnection] = useState<Connection>('connecting')
  const [actionError, setActionError] = useState('')

  useEffect(() => {
    if (!token) return
    setConnection('connecting')
    return openStream(token, {
      state: (next) => {
        // The first state proves the token: from then on this tab remembers it.
        sessionStorage.setItem(TOKEN_KEY, token)
        setRefusal('')
        setState(next)
      },
      backlog: (entries) => setJournal(entries.map(numbered)),
      journal: (entry) => setJournal((entries) => [...entries.slice(1 - JOURNAL_SHOWN), numbered(entry)]),
      reset: () => setJournal([]),
      connection: setConnection,
      refused: (error) => {
        sessionStorage.removeItem(TOKEN_KEY)
        setToken('')
        setState(undefined)
        setRefusal(error.message)
      },
    })
  }, [token])

  const forget = () => {
    sessionStorage.removeItem(TOKEN_KEY)
    setToken('')
    setState(undefined)
    setJournal([])
  }
  const act = async (action: () => Promise<unknown>) => {
    setActionError('')
    try {
      await action()
    } catch (error) {
      setActionError(error instanceof ControlError || error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <>
      <header class="top">
        <h1>Session Library mock</h1>
        {token && state && (
          <>
            <span class={`badge ${connection}`} role="status">
              {connection === 'open' ? 'live' : connection}
            </span>
            <button type="button" onClick={forget}>
              Forget token
            </button>
          </>
        )}
      </header>
      {!token || !state ? (
        <TokenForm waiting={Boolean(token)} refusal={refusal} onToken={setToken} />
      ) : (
        <main>
          {actionError && (
            <p class="error" role="alert">
              {actionError}
            </p>
          )}
          <div class="panels">
            <ControlsPanel token={token} state={state} act={act} />
            <FaultsPanel token={token} faults={state.faults} act={act} />
            <ImportsPanel imports={state.imports} />
          </div>
          <JournalPanel entries={journal} />
          <LibraryPanel token={token} journal={journal} importsProcessed={processedItems(state)} act={act} />
        </main>
      )}
    </>
  )
}

/** Runs a page action, showing its error (status, code, message) instead of throwing. */
export type Act = (action: () => Promise<unknown>) => Promise<void>
