import type { Mode, Service } from '@session-library/schemas'
import type { PendingFault } from '../runtime/faults.js'
import type { ImportProgress } from '../runtime/imports.js'
import type { JournalSummary } from '../runtime/journal.js'
import type { ChangeKind, Runtime } from '../runtime/runtime.js'
import { clockOf, modeOf, servicesOf } from './controls.js'

/** Bytes a stream may hold for a subscriber that does not read, past which it is dropped. */
export const EVENT_BUFFER_BYTES = 1 << 20

/** A comment line this often keeps proxies from timing the stream out and finds dead sockets. */
const HEARTBEAT_MS = 15_000

/** Events are pushed once per window: one write for many requests, one `state` for a burst of changes. */
const PUSH_WINDOW_MS = 25

/** Everything the controls can change: the dashboard's `state` event (`GET /__mock/events`). */
export interface MockState {
  configuredMode: Mode
  effectiveMode: Mode
  unavailable: Service[]
  /** Latency added to every answer, in ms. */
  latency: number
  clock: { now: string; fixed: boolean }
  faults: PendingFault[]
  imports: ImportProgress[]
}

function stateOf(runtime: Runtime): MockState {
  return {
    ...modeOf(runtime),
    ...servicesOf(runtime),
    latency: runtime.settings.latency,
    clock: clockOf(runtime),
    faults: runtime.faults.list(),
    imports: runtime.imports.list(),
  }
}

/** A journal entry as the event stream sends it: its summary, without headers and bodies. */
export type JournalEvent = JournalSummary

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

/** The `backlog` event: the newest entries that fit in half the buffer, so a subscriber can take it whole. */
function backlogEvent(entries: JournalEvent[]): string {
  let budget = EVENT_BUFFER_BYTES / 2
  let from = entries.length
  for (; from > 0; from--) {
    budget -= JSON.stringify(entries[from - 1]).length + 1
    if (budget < 0) break
  }
  return event('backlog', entries.slice(from))
}

class Subscription {
  readonly #controller: ReadableStreamDefaultController<Uint8Array>
  readonly #runtime: Runtime
  readonly #encoder = new TextEncoder()
  readonly #stops: (() => void)[] = []
  #pending = ''
  #stateChanged = false
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(controller: ReadableStreamDefaultController<Uint8Array>, runtime: Runtime) {
    this.#controller = controller
    this.#runtime = runtime
    this.#pending = event('state', stateOf(runtime))
    // The kept entries are replayed synchronously, before any new one: one `backlog` event.
    const backlog: JournalEvent[] = []
    let live = false
    const onEntry = (entry: JournalEvent) => {
      if (live) this.#push(event('journal', entry))
      else backlog.push(entry)
    }
    this.#stops.push(runtime.journal.subscribe(onEntry, { backlog: true }))
    live = true
    this.#push(backlogEvent(backlog))
    this.#stops.push(runtime.changes.subscribe((kind) => this.#changed(kind)))
    const heartbeat = setInterval(() => this.#push(': heartbeat\n\n'), HEARTBEAT_MS)
    // A subscriber never keeps a process alive (in-process, nothing may cancel the stream).
    ;(heartbeat as { unref?: () => void }).unref?.()
    this.#stops.push(() => clearInterval(heartbeat))
  }

  stop(): void {
    for (const each of this.#stops.splice(0)) each()
    clearTimeout(this.#timer)
    this.#pending = ''
  }

  #changed(kind: ChangeKind): void {
    if (kind === 'dispose') {
      this.#flush()
      this.stop()
      this.#controller.close()
      return
    }
    if (kind === 'reset') this.#push(event('reset', {}))
    this.#stateChanged = true
    this.#timer ??= setTimeout(() => this.#flush(), PUSH_WINDOW_MS)
  }

  // What waits counts against the buffer as much as what is queued: past it, the subscriber is dropped.
  #push(text: string): void {
    this.#pending += text
    if ((this.#controller.desiredSize ?? 0) - this.#pending.length > 0) {
      this.#timer ??= setTimeout(() => this.#flush(), PUSH_WINDOW_MS)
      return
    }
    this.stop()
    this.#controller.error(new Error('event stream subscriber too slow'))
  }

  #flush(): void {
    this.#timer = undefined
    if (this.#stateChanged) this.#pending += event('state', stateOf(this.#runtime))
    this.#stateChanged = false
    if (this.#pending === '') return
    this.#controller.enqueue(this.#encoder.encode(this.#pending))
    this.#pending = ''
  }
}

/**
 * `GET /__mock/events`, the dashboard's server-sent events: `state` and `backlog`, then `journal` per
 * answer, `state` after changes, `reset`; it ends with `dispose()`. A slow subscriber is dropped.
 */
export function eventStream(runtime: Runtime): Response {
  let subscription: Subscription | undefined
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        subscription = new Subscription(controller, runtime)
      },
      cancel: () => subscription?.stop(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: EVENT_BUFFER_BYTES }),
  )
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
