import { nestedDeeperThan, TOO_DEEP } from '@session-library/internal'
import { formatIssues, lazy, type OperationName } from '@session-library/schemas'
import * as z from 'zod/mini'
import { operationNames, unknownOperation } from './operation-names.js'

/** The longest delay a fault or `setLatency` takes, in ms (a timer past 2^31 − 1 ms would fire at once). */
export const MAX_DELAY_MS = 600_000

const MAX_RETRY_AFTER_S = 86_400

type Upto<N extends number, Counted extends number[] = []> = Counted['length'] extends N
  ? Counted[number]
  : Upto<N, [...Counted, Counted['length']]>

/** An error status a fault may answer: any 4xx or 5xx. */
export type FaultStatus = Exclude<Upto<600>, Upto<400>>

const isFaultStatus = (value: unknown): value is FaultStatus =>
  Number.isInteger(value) && (value as number) >= 400 && (value as number) <= 599

/** `value` if it is a whole number of `unit` from `min` (to `max`), else the TypeError `invalid <what>: …`. */
export function checkWhole(what: string, value: unknown, unit: string, min: number, max?: number): number {
  if (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= (max ?? Infinity))
    return value as number
  const range = max === undefined ? `, at least ${min}` : ` from ${min} to ${max}`
  throw new TypeError(`invalid ${what}: ${String(value)}; expected a whole number of ${unit}${range}`)
}

/** A whole number from `min` to `max` of a unit, each bound's message naming it (a schema's {@link checkWhole}). */
export const wholeNumber = (min: number, max: number, what: string) =>
  z
    .int({ error: `must be a whole number of ${what}` })
    .check(
      z.minimum(min, { error: `must be at least ${min} ${what}` }),
      z.maximum(max, { error: `must be at most ${max} ${what}` }),
    )

/**
 * A fault as `injectFault` takes it: an error status (its envelope or your `body`), a dropped
 * connection, or only a delay; for `times` requests of one `operation` or of all.
 */
export const faultSchema = lazy(() =>
  z
    .strictObject({
      /** Any number: a `test.each` table's; checked when injected to be a 4xx or 5xx (a {@link FaultStatus}). */
      status: z.optional(z.custom<number>(isFaultStatus, { error: 'must be a 4xx or 5xx status (400–599)' })),
      /** The answer's JSON body instead of the error envelope of `status`. */
      body: z.optional(z.json()),
      network: z.optional(z.boolean()),
      latency: z.optional(wholeNumber(0, MAX_DELAY_MS, 'ms')),
      retryAfter: z.optional(wholeNumber(0, MAX_RETRY_AFTER_S, 's')),
      /** How many matching requests it applies to. Default 1. */
      times: z.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'requests')),
      /** @deprecated The name `times` had before; it means the same. */
      count: z.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'requests')),
      operation: z.optional(z.enum(operationNames, { error: ({ input }) => unknownOperation(input) })),
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
      z.refine((fault) => fault.body === undefined || fault.status !== undefined, {
        error: 'a body needs a status',
        path: ['body'],
      }),
    ),
)

/** A fault the mock injects instead of answering normally (see `MockApi.injectFault`). */
export type Fault = z.input<typeof faultSchema>

/** A fault still waiting, with how many matching requests it still applies to. */
export type PendingFault = Fault & { remaining: number }

/** A body past the one JSON depth limit: refused before any check. */
function tooDeep(body: unknown): boolean {
  try {
    return body !== undefined && nestedDeeperThan(JSON.stringify(body) ?? '')
  } catch {
    return true
  }
}

/** The fault checked, or a TypeError naming each bad field and its rule. */
function checkFault(fault: unknown): Fault {
  if (tooDeep((fault as { body?: unknown } | undefined)?.body)) throw new TypeError(`invalid fault: body ${TOO_DEEP}`)
  const checked = faultSchema.safeParse(fault)
  if (checked.success) return checked.data
  throw new TypeError(`invalid fault: ${formatIssues(checked.error.issues, 'fault')}`)
}

/** Faults waiting for the requests they apply to, oldest first. */
export class FaultQueue {
  #pending: PendingFault[] = []
  readonly #changed: () => void

  constructor(changed: () => void) {
    this.#changed = changed
  }

  add(fault: Fault): void {
    const checked = checkFault(fault)
    this.#pending.push({ ...checked, remaining: checked.times ?? checked.count ?? 1 })
    this.#changed()
  }

  clear(): void {
    this.#pending = []
    this.#changed()
  }

  get size(): number {
    return this.#pending.length
  }

  list(): PendingFault[] {
    return this.#pending.map((pending) => ({ ...pending }))
  }

  /** The first fault that applies to a request of this operation, used up by one. */
  take(operation: OperationName | undefined): Fault | undefined {
    const index = this.#pending.findIndex((fault) => !fault.operation || fault.operation === operation)
    const fault = this.#pending[index]
    if (!fault) return undefined
    fault.remaining -= 1
    if (fault.remaining === 0) this.#pending.splice(index, 1)
    this.#changed()
    return fault
  }
}
