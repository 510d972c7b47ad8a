/**
 * Why {@link readBounded} stopped: more than the limit came (or was announced), or the time ran out.
 * The caller turns it into its own error (the SDK's `ResponseValidationError` or `TimeoutError`, the
 * mock's 413, the proxy's 502).
 */
export class BodyReadStopped extends Error {
  constructor(
    readonly reason: 'too-large' | 'timed-out',
    readonly limit: number,
  ) {
    super(reason === 'too-large' ? `a body larger than ${limit} bytes` : 'the body took longer than its time')
    this.name = 'BodyReadStopped'
  }
}

/** What {@link readBounded} reads: a fetch body, or a Node stream (any async iterable of bytes). */
export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>

/** The limits of one read: bytes, the length the sender announced, and the time left in ms. */
export interface BoundedRead {
  readonly limit: number
  readonly declared?: string | number | null | undefined
  readonly msLeft?: number | undefined
}

// A web stream is read through its reader (async iteration of ReadableStream is missing in some
// browsers) and cancelled on a stop, which closes the connection. A Node stream is only left unread:
// destroying it would take the socket with it before a 413 could be written.
function pullerOf(source: ByteSource): { next(): Promise<IteratorResult<Uint8Array>>; stop(): void } {
  if ('getReader' in source) {
    const reader = source.getReader()
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      stop: () => void reader.cancel().catch(() => undefined),
    }
  }
  const iterator = source[Symbol.asyncIterator]()
  return { next: () => iterator.next(), stop: () => undefined }
}

/**
 * Reads a whole body of at most `limit` bytes within `msLeft` ms (no time limit when absent). A
 * declared length above the limit fails before a byte is read, a body that grows past it as soon as
 * it does; no more than `limit` bytes are ever held. An endless or dripping body cannot hold the
 * caller or its memory.
 *
 * @example
 * ```ts
 * const bytes = await readBounded(response.body, { limit: 1024, declared: response.headers.get('content-length') })
 * ```
 */
export async function readBounded(source: ByteSource | null | undefined, read: BoundedRead): Promise<Uint8Array> {
  const { limit, declared, msLeft } = read
  if (Number(declared ?? 0) > limit) {
    if (source && 'cancel' in source) void source.cancel().catch(() => undefined)
    throw new BodyReadStopped('too-large', limit)
  }
  if (!source) return new Uint8Array(0)
  const puller = pullerOf(source)
  let timedOut = false
  const timer =
    msLeft === undefined
      ? undefined
      : setTimeout(
          () => {
            timedOut = true
            puller.stop()
          },
          Math.max(msLeft, 0),
        )
  try {
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await puller.next()
      if (timedOut) throw new BodyReadStopped('timed-out', limit)
      if (done) break
      size += value.byteLength
      if (size > limit) {
        puller.stop()
        throw new BodyReadStopped('too-large', limit)
      }
      chunks.push(value)
    }
    if (chunks.length === 1) return chunks[0] as Uint8Array
    const whole = new Uint8Array(size)
    let at = 0
    for (const chunk of chunks) {
      whole.set(chunk, at)
      at += chunk.byteLength
    }
    return whole
  } finally {
    clearTimeout(timer)
  }
}

const utf8 = new TextDecoder()

/**
 * {@link readBounded}, decoded as UTF-8 (bad bytes replaced).
 *
 * @example
 * ```ts
 * const text = await readBoundedText(response.body, { limit: 64 * 1024 * 1024, msLeft: 10_000 })
 * ```
 */
export async function readBoundedText(source: ByteSource | null | undefined, read: BoundedRead): Promise<string> {
  return utf8.decode(await readBounded(source, read))
}
