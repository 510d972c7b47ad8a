import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { BodyReadStopped, readBounded, readBoundedText } from '../src/bounded-body.js'

const bytes = (n: number) => new Uint8Array(n).fill(97)
const stream = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })

async function stopped(read: Promise<unknown>): Promise<BodyReadStopped> {
  const error = await read.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(BodyReadStopped)
  return error as BodyReadStopped
}

describe('readBounded: one bounded body reader for the SDK, the CLI, the proxy and the mock', () => {
  it('reads a body of exactly the limit, in one chunk or many, from a web stream and a Node stream', async () => {
    expect(await readBounded(stream(bytes(4), bytes(6)), { limit: 10 })).toEqual(bytes(10))
    expect(await readBounded(Readable.from([Buffer.from(bytes(3)), Buffer.from(bytes(7))]), { limit: 10 })).toEqual(
      new Uint8Array(Buffer.from(bytes(10))),
    )
    expect(await readBounded(null, { limit: 10 })).toEqual(new Uint8Array(0))
  })

  it('stops one byte past the limit, whether announced or sent, and cancels a web stream', async () => {
    expect((await stopped(readBounded(stream(bytes(11)), { limit: 10 }))).reason).toBe('too-large')
    expect((await stopped(readBounded(stream(bytes(5), bytes(6)), { limit: 10 }))).reason).toBe('too-large')
    expect((await stopped(readBounded(stream(), { limit: 10, declared: '11' }))).reason).toBe('too-large')
    let cancelled = false
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(bytes(1024)),
      cancel: () => {
        cancelled = true
      },
    })
    await stopped(readBounded(endless, { limit: 4096 }))
    expect(cancelled).toBe(true)
  })

  it('stops a body that drips past its time', async () => {
    let cancelled = false
    const dripping = new ReadableStream<Uint8Array>({
      pull: (controller) =>
        new Promise<void>((done) =>
          setTimeout(() => {
            // The reader cancels the stream at its time; a drip due after that has nowhere to go.
            if (!cancelled) controller.enqueue(bytes(1))
            done()
          }, 20),
        ),
      cancel: () => {
        cancelled = true
      },
    })
    expect((await stopped(readBounded(dripping, { limit: 1000, msLeft: 50 }))).reason).toBe('timed-out')
  })

  it('decodes UTF-8 across chunk edges, bad bytes replaced', async () => {
    const euro = new TextEncoder().encode('€')
    expect(await readBoundedText(stream(euro.slice(0, 1), euro.slice(1), new Uint8Array([0xff])), { limit: 10 })).toBe(
      '€\ufffd',
    )
  })
})
