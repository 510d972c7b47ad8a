/**
 * The most a check or a clone reads of one answer: a list page of 500 sessions with the longest
 * notes the contract allows (100,000 characters each) fits; an endless body does not fill memory.
 *
 * @example `await boundedText(response, MAX_ANSWER_BYTES)`
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024

/**
 * The error of an answer longer than the limit.
 *
 * @example `if (error instanceof AnswerTooLarge) …`
 */
export class AnswerTooLarge extends Error {
  constructor(limit: number) {
    super(`an answer larger than ${limit} bytes`)
    this.name = 'AnswerTooLarge'
  }
}

/**
 * A response's body as text, read up to `limit` bytes: past it, the rest is not read (the
 * connection is cancelled) and {@link AnswerTooLarge} is thrown.
 *
 * @example `const text = await boundedText(response, MAX_ANSWER_BYTES)`
 */
export async function boundedText(response: Response, limit: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw new AnswerTooLarge(limit)
    }
    text += decoder.decode(value, { stream: true })
  }
}
