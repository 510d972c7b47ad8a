import { describe, expect, it } from 'vitest'
import { EVENT_BUFFER_BYTES, eventStream } from '../src/control/events.js'
import { Journal } from '../src/runtime/journal.js'
import { Runtime } from '../src/runtime/runtime.js'
import { demoLibrary } from '../src/store/demo-library.js'
import { NOW } from './support/harness.js'

const time = Date.parse(NOW)
const entry = {
  method: 'GET',
  origin: 'http://mock.test',
  path: '/api/v1/health',
  query: '',
  operation: 'health.get',
  statusCode: 200,
  ms: 0,
} as const
const summary = { ...entry, at: NOW }
const runtimeOf = () => new Runtime({ now: NOW }, demoLibrary({ seed: 1, sessions: 2, now: new Date(NOW) }))

/** Reads server-sent events from a stream, `count` at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const next = async (count: number) => {
    const events: { event: string; data: unknown }[] = []
    while (events.length < count) {
      for (let end = text.indexOf('\n\n'); end >= 0 && events.length < count; end = text.indexOf('\n\n')) {
        const [event, data] = text.slice(0, end).split('\n')
        if (event?.startsWith('event: ')) events.push({ event: event.slice(7), data: JSON.parse(data?.slice(6) ?? '') })
        text = text.slice(end + 2)
      }
      if (events.length === count) break
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    return events
  }
  return { next, cancel: () => reader.cancel() }
}

describe('the journal push (D17)', () => {
  it('tells a subscriber each entry with its duration and error message, the kept ones first when asked', () => {
    const journal = new Journal()
    journal.record({ ...entry, time, ms: 3 })
    const heard: unknown[] = []
    const stop = journal.subscribe((each) => heard.push(each), { backlog: true })
    journal.record({ ...entry, statusCode: 404, code: 'not_found', time, ms: 1, message: 'session not found' })
    stop()
    journal.record({ ...entry, time })
    expect(heard).toEqual([
      { ...summary, seq: 1, ms: 3 },
      { ...summary, seq: 2, statusCode: 404, code: 'not_found', ms: 1, message: 'session not found' },
    ])
    expect(journal.subscribers).toBe(0)
  })

  it('drops a subscriber that throws and goes on recording', () => {
    const journal = new Journal()
    journal.subscribe(() => {
      throw new Error('gone')
    })
    journal.record({ ...entry, time })
    journal.record({ ...entry, time })
    expect([journal.subscribers, journal.entries().length]).toEqual([0, 2])
  })
})

describe('GET /__mock/events', () => {
  it('sends the state, the backlog, then each request as it is answered and each change of state', async () => {
    const runtime = runtimeOf()
    runtime.journal.record({ ...entry, time, ms: 2 })
    const answer = eventStream(runtime)
    expect(answer.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    const events = eventReader(answer.body as ReadableStream<Uint8Array>)
    const first = await events.next(2)
    expect(first.map((each) => each.event)).toEqual(['state', 'backlog'])
    expect(first[0]?.data).toMatchObject({ configuredMode: 'full-automation', faults: [], imports: [] })
    expect(first[1]?.data).toEqual([{ ...summary, seq: 1, ms: 2 }])
    runtime.journal.record({ ...entry, statusCode: 404, code: 'not_found', time, message: 'session not found' })
    runtime.faults.add({ status: 503 })
    const later = await events.next(2)
    expect(later).toEqual([
      {
        event: 'journal',
        data: { ...summary, seq: 2, statusCode: 404, code: 'not_found', message: 'session not found' },
      },
      { event: 'state', data: expect.objectContaining({ faults: [{ status: 503, remaining: 1 }] }) },
    ])
    await events.cancel()
    expect(runtime.journal.subscribers).toBe(0)
  })

  it('drops a subscriber that stops reading once it is EVENT_BUFFER_BYTES behind, and unsubscribes it', async () => {
    const runtime = runtimeOf()
    const body = eventStream(runtime).body as ReadableStream<Uint8Array>
    expect(runtime.journal.subscribers).toBe(1)
    const path = `/api/v1/${'x'.repeat(1000)}`
    const needed = Math.ceil(EVENT_BUFFER_BYTES / 1000) + 10
    for (let index = 0; index < needed; index++) runtime.journal.record({ ...entry, path, time })
    expect(runtime.journal.subscribers).toBe(0)
    await expect(body.getReader().read()).rejects.toThrow('event stream subscriber too slow')
  })

  it('sends as much of a backlog of long targets as fits in half the buffer, newest kept, and stays subscribed', async () => {
    const runtime = runtimeOf()
    const path = `/api/v1/${'y'.repeat(4000)}`
    for (let index = 0; index < 1000; index++) runtime.journal.record({ ...entry, path, query: `n=${index}`, time: 0 })
    const events = eventReader(eventStream(runtime).body as ReadableStream<Uint8Array>)
    const [, backlog] = await events.next(2)
    const kept = backlog?.data as { query: string }[]
    expect(kept.length).toBeGreaterThan(100)
    expect(kept.length).toBeLessThan(1000)
    expect(kept.at(-1)?.query).toBe('n=999')
    expect(runtime.journal.subscribers).toBe(1)
    await events.cancel()
  })

  it('ends, after what it still had to send, when the mock is disposed', async () => {
    const runtime = runtimeOf()
    const events = eventReader(eventStream(runtime).body as ReadableStream<Uint8Array>)
    runtime.journal.record({ ...entry, time })
    runtime.changes.emit('dispose')
    expect((await events.next(4)).map((each) => each.event)).toEqual(['state', 'backlog', 'journal'])
    expect(runtime.journal.subscribers).toBe(0)
  })

  it('unsubscribes when the reader cancels: nothing is built for nobody', async () => {
    const runtime = runtimeOf()
    const body = eventStream(runtime).body as ReadableStream<Uint8Array>
    await body.cancel()
    expect(runtime.journal.subscribers).toBe(0)
  })
})
