import type { JournalDetail } from '../runtime/journal.js'
import type { Runtime } from '../runtime/runtime.js'
import type { JournalEntry } from '../types.js'
import { stateOf } from './state.js'

/**
 * Bytes an event stream may hold for a subscriber that does not read: past it the subscriber is
 * dropped (its stream errors, its queue is freed), so a slow or vanished tab never holds memory.
 * Roomy enough for the backlog (1,000 entries of about 200 bytes).
 */
export const EVENT_BUFFER_BYTES = 1 << 20

/** A comment line this often keeps proxies from timing the stream out and finds dead sockets. */
const HEARTBEAT_MS = 15_000

/**
 * Events are pushed once per window, together: one write for many requests under load, and one
 * `state` for a burst of changes (an import's items). A person sees no delay in it.
 */
const PUSH_WINDOW_MS = 25

/**
 * A journal entry as the event stream sends it: the entry plus its detail, flat.
 *
 * @example
 * ```ts
 * const event: JournalEvent = { method: 'GET', path: '/api/v1/health', query: '', statusCode: 200, at: '2026-11-21T10:00:00.000Z', ms: 2 }
 * ```
 */
export type JournalEvent = JournalEntry & JournalDetail

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

const journalEvent = (entry: JournalEntry, detail: JournalDetail): JournalEvent => ({ ...entry, ...detail })

/**
 * `GET /__mock/events`: server-sent events for the dashboard. First `state` (a `MockState`) and
 * `backlog` (the kept journal, oldest first), then `journal` for each request answered, `state`
 * after changes (coalesced), and `reset` when the mock is reset; it ends when the mock is disposed. Nothing is built for the stream
 * until someone subscribes, and a subscriber that falls {@link EVENT_BUFFER_BYTES} behind is
 * dropped; the page reconnects and starts again from the backlog.
 *
 * @example
 * ```ts
 * const answer = eventStream(runtime)
 * answer.headers.get('Content-Type') // 'text/event-stream; charset=utf-8'
 * ```
 */
export function eventStream(runtime: Runtime): Response {
  const encoder = new TextEncoder()
  const stops: (() => void)[] = []
  const stop = () => {
    for (const each of stops.splice(0)) each()
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let pending = ''
        let stateChanged = false
        let timer: ReturnType<typeof setTimeout> | undefined
        const drop = () => {
          stop()
          pending = ''
          controller.error(new Error('event stream subscriber too slow'))
        }
        const flush = () => {
          timer = undefined
          if (stateChanged) pending += event('state', stateOf(runtime))
          stateChanged = false
          if (pending === '') return
          controller.enqueue(encoder.encode(pending))
          pending = ''
        }
        const close = () => {
          flush()
          stop()
          controller.close()
        }
        // What waits counts against the buffer as much as what is queued (in UTF-16 units, close
        // enough to bytes for JSON that is mostly ASCII).
        const push = (text: string) => {
          pending += text
          if ((controller.desiredSize ?? 0) - pending.length <= 0) drop()
          else timer ??= setTimeout(flush, PUSH_WINDOW_MS)
        }
        pending = event('state', stateOf(runtime))
        // The kept entries are replayed synchronously, before any new one: one `backlog` event.
        const backlog: JournalEvent[] = []
        let live = false
        const onEntry = (entry: JournalEntry, detail: JournalDetail) => {
          if (live) push(event('journal', journalEvent(entry, detail)))
          else backlog.push(journalEvent(entry, detail))
        }
        stops.push(runtime.journal.subscribe(onEntry, { backlog: true }))
        live = true
        push(event('backlog', backlog))
        stops.push(
          runtime.changes.subscribe((kind) => {
            if (kind === 'dispose') return close()
            if (kind === 'reset') push(event('reset', {}))
            stateChanged = true
            timer ??= setTimeout(flush, PUSH_WINDOW_MS)
          }),
          () => clearTimeout(timer),
        )
        const heartbeat = setInterval(() => push(': heartbeat\n\n'), HEARTBEAT_MS)
        // A subscriber never keeps a process alive (in-process, nothing may cancel the stream).
        ;(heartbeat as { unref?: () => void }).unref?.()
        stops.push(() => clearInterval(heartbeat))
      },
      cancel: stop,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: EVENT_BUFFER_BYTES }),
  )
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
