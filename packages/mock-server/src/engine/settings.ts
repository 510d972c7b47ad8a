import { LIMITS, MODES, SERVICES, type Service } from '@session-library/schemas'
import type { MockOptions, Mode } from '../mock-options.js'
import { MAX_DELAY_MS } from '../runtime/faults.js'

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

/**
 * The mode, or a TypeError naming the allowed values (D1): a typo such as `'readonly'` must not
 * become a mode that the control surface would refuse.
 */
export function checkMode(mode: unknown, what: string): Mode {
  if ((MODES as readonly unknown[]).includes(mode)) return mode as Mode
  throw new TypeError(`invalid ${what}: ${JSON.stringify(mode)}; expected one of ${quoted(MODES)}`)
}

/** The service, or a TypeError naming the allowed values. */
export function checkService(service: unknown): Service {
  if ((SERVICES as readonly unknown[]).includes(service)) return service as Service
  throw new TypeError(`invalid service: ${JSON.stringify(service)}; expected one of ${quoted(SERVICES)}`)
}

/**
 * The latency in ms, or a TypeError: a whole number from 0 to ten minutes (a longer timer would
 * fire at once).
 */
export function checkLatency(ms: unknown): number {
  if (Number.isInteger(ms) && (ms as number) >= 0 && (ms as number) <= MAX_DELAY_MS) return ms as number
  throw new TypeError(`invalid latency: ${String(ms)}; expected a whole number of ms from 0 to ${MAX_DELAY_MS}`)
}

/** The switches of a running mock that the controls change and `reset()` restores (D1, D11, D15). */
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
    for (const service of this.#options.unavailable ?? []) this.unavailable.add(checkService(service))
    this.latency = checkLatency(this.#options.latency ?? 0)
  }

  /** Sets the configured mode and the effective one, which defaults to it (D1). */
  setMode(configured: Mode, effective: Mode = configured): void {
    const checked = checkMode(configured, 'mode')
    this.effectiveMode = checkMode(effective, 'effective mode')
    this.configuredMode = checked
  }

  /** Whether writes are allowed: only in effective full-automation mode (D1). */
  get writable(): boolean {
    return this.effectiveMode === 'full-automation'
  }
}
