import { routes } from '@session-library/schemas/client'
import { useState } from 'preact/hooks'
import type { Act } from './app.js'
import { control } from './control.js'
import type { MockState } from './events.js'
import { Panel } from './panel.js'

const OPERATIONS = Object.keys(routes).sort()

interface Props {
  token: string
  faults: MockState['faults']
  act: Act
}

const whole = (text: string) => (text.trim() === '' ? undefined : Number(text))

/**
 * The fields of the form as `POST /__mock/faults` takes them (any 4xx or 5xx status; `Retry-After`
 * for a 429 or a 503); empty ones left out.
 */
function faultOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '')
  const network = form.get('network') === 'on'
  const fields = {
    status: network ? undefined : whole(text('status')),
    network: network || undefined,
    retryAfter: whole(text('retryAfter')),
    latency: whole(text('latency')),
    times: whole(text('times')),
    operation: text('operation') || undefined,
  }
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}

const describe = (fault: MockState['faults'][number]) =>
  [
    fault.network ? 'drop the connection' : fault.status !== undefined ? `answer ${fault.status}` : 'delay only',
    fault.retryAfter !== undefined && `Retry-After ${fault.retryAfter} s`,
    fault.latency !== undefined && `after ${fault.latency} ms`,
  ]
    .filter(Boolean)
    .join(', ')

/** Adds a fault, lists the pending ones, clears them. */
export function FaultsPanel({ token, faults, act }: Props) {
  const [network, setNetwork] = useState(false)
  return (
    <Panel title="Faults">
      <form
        class="fields"
        onSubmit={(event) => {
          event.preventDefault()
          const body = faultOf(new FormData(event.currentTarget))
          void act(() => control(token, 'POST', '/faults', body))
        }}
      >
        <label>
          Status
          <input name="status" type="number" min={400} max={599} placeholder="503 or 429" disabled={network} />
        </label>
        <label class="check">
          <input
            name="network"
            type="checkbox"
            checked={network}
            onChange={(e) => setNetwork(e.currentTarget.checked)}
          />
          Network drop
        </label>
        <label>
          Retry-After (s)
          <input name="retryAfter" type="number" min={0} />
        </label>
        <label>
          Latency (ms)
          <input name="latency" type="number" min={0} />
        </label>
        <label>
          Times
          <input name="times" type="number" min={1} placeholder="1" />
        </label>
        <label>
          Operation
          <select name="operation">
            <option value="">any</option>
            {OPERATIONS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <button type="submit">Add fault</button>
      </form>
      <h3>Pending ({faults.length})</h3>
      {faults.length === 0 ? (
        <p class="quiet">None: every request is answered normally.</p>
      ) : (
        <ul class="faults">
          {faults.map((fault, index) => (
            <li key={index}>
              {describe(fault)} · {fault.operation ?? 'any operation'} · {fault.remaining} left
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={faults.length === 0}
        onClick={() => act(() => control(token, 'DELETE', '/faults'))}
      >
        Clear faults
      </button>
    </Panel>
  )
}
