import { LIMITS, type Mode, type Service } from '@session-library/schemas'
import type { MockOptions } from '../types.js'

/**
 * The switches of a running mock that the controls change and `reset()` restores (D1, D11, D15).
 *
 * @example
 * ```ts
 * const settings = new Settings({ mode: 'read-only' })
 * settings.writable // false
 * ```
 */
export class Settings {
  configuredMode: Mode = 'full-automation'
  effectiveMode: Mode = 'full-automation'
  readonly unavailable = new Set<Service>()
  latency = 0
  readonly recentDays: number
  readonly importDelay: number
  readonly #options: MockOptions

  constructor(options: MockOptions) {
    this.#options = options
    this.recentDays = options.recentDays ?? LIMITS.recentDaysDefault
    this.importDelay = options.importDelay ?? 25
    this.reset()
  }

  /** Back to the options it was created with. */
  reset(): void {
    this.setMode(this.#options.mode ?? 'full-automation', this.#options.effectiveMode)
    this.unavailable.clear()
    for (const service of this.#options.unavailable ?? []) this.unavailable.add(service)
    this.latency = this.#options.latency ?? 0
  }

  /** Sets the configured mode and the effective one, which defaults to it (D1). */
  setMode(configured: Mode, effective: Mode = configured): void {
    this.configuredMode = configured
    this.effectiveMode = effective
  }

  /** Whether writes are allowed: only in effective full-automation mode (D1). */
  get writable(): boolean {
    return this.effectiveMode === 'full-automation'
  }
}
