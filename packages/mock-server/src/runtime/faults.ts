import { type OperationName, operations, z } from '@session-library/schemas'
import type { Fault } from '../types.js'

const operationNames = operations.map((operation) => operation.name) as [OperationName, ...OperationName[]]
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) => z.int().check(z.minimum(min), z.maximum(max))

/**
 * A fault as `injectFault` and `POST /__mock/faults` take it: a 5xx status or a dropped connection,
 * or only a delay.
 *
 * @example
 * ```ts
 * faultSchema.parse({ status: 503, retryAfter: 2 })
 * ```
 */
export const faultSchema = z
  .strictObject({
    status: z.optional(whole(500, 599)),
    network: z.optional(z.boolean()),
    latency: z.optional(whole(0)),
    retryAfter: z.optional(whole(0)),
    count: z.optional(whole(1)),
    operation: z.optional(z.enum(operationNames)),
  })
  .check(
    z.refine(
      (fault) => !(fault.status !== undefined && fault.network),
      'a fault is a status or a network error, not both',
    ),
    z.refine(
      (fault) => fault.status !== undefined || fault.network === true || fault.latency !== undefined,
      'a fault needs a status, network: true or a latency',
    ),
  )

/**
 * A fault still waiting, with how many matching requests it still applies to.
 *
 * @example
 * ```ts
 * const [first]: PendingFault[] = faults.list()
 * ```
 */
export type PendingFault = Fault & { remaining: number }

interface Pending {
  fault: Fault
  remaining: number
}

/**
 * Faults waiting for the requests they apply to, oldest first.
 *
 * @example
 * ```ts
 * const faults = new FaultQueue()
 * faults.add({ status: 503 })
 * faults.take('sessions.list') // { status: 503 }
 * ```
 */
export class FaultQueue {
  #pending: Pending[] = []
  readonly #changed: () => void

  /** `changed` is told whenever the pending faults change (added, used, cleared). */
  constructor(changed: () => void = () => undefined) {
    this.#changed = changed
  }

  /** Adds a fault; throws a TypeError naming the rule when it is not a valid fault. */
  add(fault: Fault): void {
    const checked = faultSchema.safeParse(fault)
    if (!checked.success) throw new TypeError(`invalid fault: ${checked.error.issues.map((i) => i.message).join('; ')}`)
    this.#pending.push({ fault: checked.data, remaining: checked.data.count ?? 1 })
    this.#changed()
  }

  /** Removes every pending fault. */
  clear(): void {
    this.#pending = []
    this.#changed()
  }

  /** How many faults still wait. */
  get size(): number {
    return this.#pending.length
  }

  /** The pending faults, oldest first, each with how many requests it still applies to. */
  list(): PendingFault[] {
    return this.#pending.map(({ fault, remaining }) => ({ ...fault, remaining }))
  }

  /** The first fault that applies to a request of this operation, used up by one. */
  take(operation: OperationName | undefined): Fault | undefined {
    const index = this.#pending.findIndex((entry) => !entry.fault.operation || entry.fault.operation === operation)
    const entry = this.#pending[index]
    if (!entry) return undefined
    entry.remaining -= 1
    if (entry.remaining === 0) this.#pending.splice(index, 1)
    this.#changed()
    return entry.fault
  }
}
