import { MODES, SERVICES, z } from '@session-library/schemas'
import { MAX_DELAY_MS, wholeNumber } from '../runtime/faults.js'

/** Bodies of the control surface's writes (`/__mock/*`), exact like the API's. */
export const controlBodies = {
  mode: z.strictObject({ configuredMode: z.enum(MODES), effectiveMode: z.optional(z.enum(MODES)) }),
  services: z.strictObject({ unavailable: z.array(z.enum(SERVICES)) }),
  clock: z.strictObject({ now: z.nullable(z.iso.datetime({ offset: true })) }),
  latency: z.strictObject({ ms: wholeNumber(0, MAX_DELAY_MS, 'ms') }),
}
