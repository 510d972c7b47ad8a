import { MODES, type Mode, SERVICES, type Service } from '@session-library/schemas'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Act } from './app.js'
import { control } from './control.js'
import type { MockState } from './events.js'
import { Panel } from './panel.js'

interface Props {
  token: string
  state: MockState
  act: Act
}

/** Modes, services, latency, clock and reset: each switch is one call to the control surface. */
export function ControlsPanel({ token, state, act }: Props) {
  // The configured mode brings the effective one along (D1), as `setMode(configured)` does.
  const setMode = (configuredMode: Mode, effectiveMode?: Mode) =>
    act(() => control(token, 'PUT', '/mode', { configuredMode, effectiveMode }))
  const setService = (service: Service, available: boolean) => {
    const unavailable = SERVICES.filter((each) => (each === service ? !available : state.unavailable.includes(each)))
    return act(() => control(token, 'PUT', '/services', { unavailable }))
  }
  return (
    <Panel title="Mode and services">
      <div class="fields">
        <label>
          Configured mode
          <select value={state.configuredMode} onChange={(e) => setMode(e.currentTarget.value as Mode)}>
            {MODES.map((mode) => (
              <option key={mode}>{mode}</option>
            ))}
          </select>
        </label>
        <label>
          Effective mode
          <select
            value={state.effectiveMode}
            onChange={(e) => setMode(state.configuredMode, e.currentTarget.value as Mode)}
          >
            {MODES.map((mode) => (
              <option key={mode}>{mode}</option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend>Services available</legend>
        {SERVICES.map((service) => (
          <label key={service} class="check">
            <input
              type="checkbox"
              checked={!state.unavailable.includes(service)}
              onChange={(e) => setService(service, e.currentTarget.checked)}
            />
            {service}
          </label>
        ))}
      </fieldset>
      <Latency token={token} latency={state.latency} act={act} />
      <Clock token={token} clock={state.clock} act={act} />
      <Reset token={token} act={act} />
    </Panel>
  )
}

function Latency({ token, latency, act }: { token: string; latency: number; act: Act }) {
  const [value, setValue] = useState(String(latency))
  return (
    <form
      class="row"
      onSubmit={(event) => {
        event.preventDefault()
        void act(() => control(token, 'PUT', '/latency', { ms: Number(value) }))
      }}
    >
      <label>
        Latency (ms), now {latency}
        <input type="number" min={0} step={1} value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      </label>
      <button type="submit">Set latency</button>
    </form>
  )
}

function Clock({ token, clock, act }: { token: string; clock: MockState['clock']; act: Act }) {
  const [value, setValue] = useState(clock.now)
  const set = (now: string | null) => act(() => control(token, 'PUT', '/clock', { now }))
  return (
    <form
      class="row"
      onSubmit={(event) => {
        event.preventDefault()
        void set(value)
      }}
    >
      <label>
        Clock: {clock.fixed ? 'fixed at' : 'real,'} <time>{clock.now}</time>
        <input value={value} spellcheck={false} onInput={(e) => setValue(e.currentTarget.value)} />
      </label>
      <button type="submit">Fix clock</button>
      <button type="button" disabled={!clock.fixed} onClick={() => set(null)}>
        Free clock
      </button>
    </form>
  )
}

function Reset({ token, act }: { token: string; act: Act }) {
  const [asking, setAsking] = useState(false)
  const confirm = useRef<HTMLButtonElement>(null)
  // The confirmation takes the focus it asks for (the autofocus attribute works once per page).
  useEffect(() => {
    if (asking) confirm.current?.focus()
  }, [asking])
  if (!asking) {
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        Reset…
      </button>
    )
  }
  return (
    <fieldset class="confirm">
      <legend>Confirm reset</legend>
      <p>Reset the library, modes, services, faults, clock and journal to how the mock started?</p>
      <button
        type="button"
        class="danger"
        ref={confirm}
        onClick={() => {
          setAsking(false)
          void act(() => control(token, 'POST', '/reset'))
        }}
      >
        Yes, reset
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  )
}
