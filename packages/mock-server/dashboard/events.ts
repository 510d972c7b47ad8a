// The live stream: GET /__mock/events read with fetch and a stream reader, because EventSource
// cannot send the Authorization header. It is pushed by the mock; the page never polls. When the
// connection drops (the mock restarted, or dropped a tab that fell behind) it reconnects with a
// growing delay, and the mock replays the journal it keeps.
import type { JournalEvent, MockState } from '../src/control/events.js'
import { answerError, CONTROL, type ControlError } from './control.js'

export type { JournalEvent, MockState }

/** A journal entry as the page keeps it: numbered as it arrived, for a stable row key. */
export type JournalRow = JournalEvent & { seq: number }

/** What the page hears from the stream. */
export interface StreamListener {
  state(state: MockState): void
  backlog(entries: JournalEvent[]): void
  journal(entry: JournalEvent): void
  reset(): void
  connection(status: 'open' | 'reconnecting'): void
  refused(error: ControlError): void
}

/** Splits server-sent events from text chunks: `event:` and `data:` lines, a blank line ends one. */
function eventParser(dispatch: (event: string, data: string) => void): (chunk: string) => void {
  let buffered = ''
  return (chunk) => {
    buffered += chunk
    let end = buffered.indexOf('\n\n')
    while (end >= 0) {
      let event = 'message'
      const data: string[] = []
      for (const line of buffered.slice(0, end).split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7)
        else if (line.startsWith('data: ')) data.push(line.slice(6))
      }
      if (data.length > 0) dispatch(event, data.join('\n'))
      buffered = buffered.slice(end + 2)
      end = buffered.indexOf('\n\n')
    }
  }
}

function dispatcher(listener: StreamListener): (event: string, data: string) => void {
  return (event, data) => {
    const value = JSON.parse(data)
    if (event === 'state') listener.state(value)
    else if (event === 'backlog') listener.backlog(value)
    else if (event === 'journal') listener.journal(value)
    else if (event === 'reset') listener.reset()
  }
}

async function readOnce(token: string, listener: StreamListener, signal: AbortSignal): Promise<'refused' | 'ended'> {
  const path = `${CONTROL}/events`
  const answer = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal })
  if (!answer.ok || !answer.body) {
    listener.refused(await answerError('GET', path, answer))
    return 'refused'
  }
  listener.connection('open')
  const parse = eventParser(dispatcher(listener))
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return 'ended'
    parse(value)
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  })

/** Opens the stream and keeps it open until the returned function is called or the token is refused. */
export function openStream(token: string, listener: StreamListener): () => void {
  const controller = new AbortController()
  const { signal } = controller
  void (async () => {
    let delay = 500
    while (!signal.aborted) {
      const started = Date.now()
      const outcome = await readOnce(token, listener, signal).catch(() => 'ended' as const)
      if (outcome === 'refused' || signal.aborted) return
      listener.connection('reconnecting')
      // A stream that lived a while was fine: start over with a short delay.
      delay = Date.now() - started > 10_000 ? 500 : Math.min(delay * 2, 10_000)
      await wait(delay, signal)
    }
  })()
  return () => controller.abort()
}
