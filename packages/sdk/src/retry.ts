import type { Route } from '@session-library/schemas/client'
import type { RetryOptions as KyRetryOptions } from 'ky'
import { DEFAULT_RETRY, type RetryOption, type RetryPolicy } from './options.js'

/**
 * Statuses worth another attempt. 501 is not one: a missing service stays missing.
 *
 * @example
 * ```ts
 * import { RETRY_STATUSES } from '@session-library/sdk'
 * RETRY_STATUSES.includes(503) // true
 * ```
 */
export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504] as const

/**
 * A retry option as a full policy; what it leaves out comes from `base`.
 *
 * @example `retryPolicy(5) // { limit: 5, baseDelay: 300, maxDelay: 5_000 }`
 */
export function retryPolicy(option: RetryOption | undefined, base = DEFAULT_RETRY): Required<RetryPolicy> {
  if (option === false) return { ...base, limit: 0 }
  if (typeof option === 'number') return { ...base, limit: option }
  return { ...base, ...option }
}

/**
 * The wait before retry number `retry` (1 for the first): exponential backoff capped at
 * `maxDelay`, then "equal jitter" (half fixed, half random) so that clients that failed together
 * do not retry together, yet never retry at once.
 *
 * @example
 * ```ts
 * import { backoffDelay } from '@session-library/sdk'
 * backoffDelay(2, { limit: 2, baseDelay: 300, maxDelay: 5_000 }, () => 1) // 600
 * ```
 */
export function backoffDelay(retry: number, policy: Required<RetryPolicy>, random: () => number = Math.random) {
  const full = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (retry - 1))
  return full / 2 + (random() * full) / 2
}

/**
 * The retry policy of one call, from the client's (resolved once) and the call's option. Reads and
 * idempotent writes retry by default; other writes only when the call itself passes `retry`
 * (their effect could otherwise happen twice).
 *
 * @example `callRetry(routes['sessions.create'], DEFAULT_RETRY, undefined).limit // 0`
 */
export function callRetry(
  operation: Route,
  client: Required<RetryPolicy>,
  call: RetryOption | undefined,
): Required<RetryPolicy> {
  if (call !== undefined) return retryPolicy(call, client)
  return operation.idempotent ? client : { ...client, limit: 0 }
}

/**
 * The wait a `Retry-After` header asks for (seconds or an HTTP date), capped at `maxDelay`;
 * `undefined` when there is none or it cannot be read.
 *
 * @example `retryAfterDelay('2', 5_000) // 2_000`
 */
export function retryAfterDelay(value: string | null, maxDelay: number, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  const wait = Number.isNaN(seconds) ? Date.parse(value) - now : seconds * 1000
  return Number.isNaN(wait) ? undefined : Math.min(Math.max(wait, 0), maxDelay)
}

// ky wants a mutable array; it lowercases the methods itself.
const statusCodes: number[] = [...RETRY_STATUSES]

/**
 * ky's retry settings for a call's policy (the ky path, taken when the client has hooks or a
 * logger). ky's own defaults already leave timeouts unretried.
 *
 * @example `kyRetry(callRetry(routes['sessions.get'], undefined, undefined), 'GET')`
 */
export function kyRetry(policy: Required<RetryPolicy>, method: string) {
  return {
    limit: policy.limit,
    methods: [method],
    statusCodes,
    afterStatusCodes: statusCodes,
    maxRetryAfter: policy.maxDelay,
    // The jitter is in `delay`, which is capped at maxDelay; ky's own `jitter` would run after its cap.
    delay: (retry: number) => backoffDelay(retry, policy),
  } satisfies KyRetryOptions
}
