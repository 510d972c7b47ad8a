import type { Service } from '@session-library/schemas'
import type { Runtime } from '../engine/runtime.js'
import type { ImportProgress } from '../imports/runner.js'
import type { Mode } from '../mock-options.js'
import type { PendingFault } from '../runtime/faults.js'

/**
 * Everything the controls can change, in one answer: what the dashboard shows beside the journal
 * (the `state` event of `GET /__mock/events`).
 */
export interface MockState {
  configuredMode: Mode
  effectiveMode: Mode
  unavailable: Service[]
  /** Latency added to every answer, in ms. */
  latency: number
  clock: { now: string; fixed: boolean }
  faults: PendingFault[]
  imports: ImportProgress[]
}

export function stateOf(runtime: Runtime): MockState {
  const { settings, clock } = runtime
  return {
    configuredMode: settings.configuredMode,
    effectiveMode: settings.effectiveMode,
    unavailable: [...settings.unavailable],
    latency: settings.latency,
    clock: { now: clock.iso(), fixed: clock.fixed },
    faults: runtime.faults.list(),
    imports: runtime.imports.list(),
  }
}
