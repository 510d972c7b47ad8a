/** Why reading a body stopped early: the errors to throw, built by the caller who knows the request. */
export interface BodyFailures {
  /** More than `maxBytes` came (or were announced). */
  tooLarge(): Error
  /** The time left ran out. */
  timedOut(): Error
}

/**
 * Reads a body as UTF-8 text, at most `maxBytes` of it and within `msLeft` ms (none when
 * `undefined`): past either, the stream is cancelled (which closes the connection) and the
 * matching failure thrown. Unlike `response.text()`, an endless or dripping body cannot hold the
 * caller or its memory.
 *
 * @example `const text = await readText(response, 64 * 1024 * 1024, 10_000, failures)`
 */
export async function readText(
  response: Response,
  maxBytes: number,
  msLeft: number | undefined,
  failures: BodyFailures,
): Promise<string> {
  const body = response.body
  if (!body) return ''
  if (Number(response.headers.get('content-length')) > maxBytes) {
    void body.cancel().catch(() => undefined)
    throw failures.tooLarge()
  }
  const reader = body.getReader()
  let timedOut = false
  const timer =
    msLeft === undefined
      ? undefined
      : setTimeout(
          () => {
            timedOut = true
            void reader.cancel().catch(() => undefined)
          },
          Math.max(msLeft, 0),
        )
  try {
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (timedOut) throw failures.timedOut()
      // A Blob joins the chunks and decodes them as UTF-8 (bad bytes replaced, as TextDecoder does);
      // a fetch body's chunks never share memory, whatever their type says.
      if (done) return await new Blob(chunks as Uint8Array<ArrayBuffer>[]).text()
      size += value.byteLength
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined)
        throw failures.tooLarge()
      }
      chunks.push(value)
    }
  } finally {
    clearTimeout(timer)
  }
}
