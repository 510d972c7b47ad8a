/** The mock's clock: fixed for tests (`now` option, `--now`) or the real one (DECISIONS D18). */
export class Clock {
  #fixed: Date | undefined

  constructor(now?: string | Date) {
    this.set(now)
  }

  /** Fixes the clock, or lets it run with `undefined`. Throws on a date that does not parse. */
  set(now: string | Date | undefined): void {
    const date = now === undefined ? undefined : new Date(now)
    if (date && Number.isNaN(date.getTime())) throw new TypeError(`invalid clock time: ${String(now)}`)
    this.#fixed = date
  }

  get fixed(): boolean {
    return this.#fixed !== undefined
  }

  now(): Date {
    return new Date(this.#fixed ?? Date.now())
  }

  /** The current time in ms since the epoch, without a Date (the journal formats it when read). */
  time(): number {
    return this.#fixed === undefined ? Date.now() : this.#fixed.getTime()
  }

  /** The current time as ISO 8601 UTC with milliseconds (D18). */
  iso(): string {
    return this.now().toISOString()
  }
}
