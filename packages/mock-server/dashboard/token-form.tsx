import { useState } from 'preact/hooks'

interface Props {
  /** A token is being tried. */
  waiting: boolean
  /** Why the last token was refused. */
  refusal: string
  onToken(token: string): void
}

/** Asks for the token; the page holds no data until the mock accepts one. */
export function TokenForm({ waiting, refusal, onToken }: Props) {
  const [value, setValue] = useState('')
  return (
    <main class="gate">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (value.trim()) onToken(value.trim())
        }}
      >
        <h2>Connect</h2>
        <p>
          Paste the token this mock printed on its ready line. It stays in this tab (session storage) and goes only in
          the <code>Authorization</code> header of the page's calls.
        </p>
        <label for="token">Token</label>
        <div class="row">
          <input
            id="token"
            type="password"
            autocomplete="off"
            spellcheck={false}
            value={value}
            onInput={(event) => setValue(event.currentTarget.value)}
          />
          <button type="submit" disabled={waiting}>
            {waiting ? 'Connecting…' : 'Connect'}
          </button>
        </div>
        {refusal && (
          <p class="error" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </main>
  )
}
