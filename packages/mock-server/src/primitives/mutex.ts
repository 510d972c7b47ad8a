/** Runs async work one piece at a time, in the order asked: a change and its `onChange` finish before the next. */
export class Mutex {
  #tail: Promise<unknown> | undefined
  /** Opens when the work being started synchronously settles; made only if it asks for more work. */
  #gate: { promise: Promise<void>; open: () => void } | undefined
  #starting = false

  /** Runs `work` after everything queued before it; its failure does not block later work. */
  run<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.#tail) return this.#after(this.#tail, work)
    if (this.#starting) {
      this.#gate ??= gate()
      return this.#after(this.#gate.promise, work)
    }
    // Idle, the work starts at once: a turn of the microtask queue cost two promises every request.
    const result = this.#start(work)
    // Work it asked for while starting holds the tail already, behind the gate.
    if (!this.#tail) this.#track(result)
    return result
  }

  #after<T>(previous: Promise<unknown>, work: () => T | Promise<T>): Promise<T> {
    const result = previous.then(work)
    this.#track(result)
    return result
  }

  #track(result: Promise<unknown>): void {
    const release = () => {
      if (this.#tail === tail) this.#tail = undefined
    }
    const tail = result.then(release, release)
    this.#tail = tail
  }

  #start<T>(work: () => T | Promise<T>): Promise<T> {
    this.#starting = true
    let result: Promise<T>
    try {
      result = Promise.resolve(work())
    } catch (error) {
      result = Promise.reject(error)
    }
    this.#starting = false
    const opened = this.#gate
    this.#gate = undefined
    if (opened) result.then(opened.open, opened.open)
    return result
  }
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {}
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

/** Waits `ms` milliseconds, or less when `signal` aborts (it then resolves early, never rejects). */
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
