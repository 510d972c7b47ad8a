/**
 * Runs async work one piece at a time, in the order asked: a change and its `onChange` finish
 * before the next request or import step looks at the library.
 *
 * @example
 * ```ts
 * const mutex = new Mutex()
 * await mutex.run(async () => library.update(...))
 * ```
 */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve()

  /** Runs `work` after everything queued before it; its failure does not block later work. */
  run<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(work)
    this.#tail = result.catch(() => undefined)
    return result
  }
}

/**
 * Waits `ms` milliseconds, or less when `signal` aborts (it then resolves early, never rejects).
 *
 * @example
 * ```ts
 * await sleep(25)
 * ```
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 && !signal) return Promise.resolve()
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, Math.max(0, ms))
    signal?.addEventListener('abort', done, { once: true })
  })
}
