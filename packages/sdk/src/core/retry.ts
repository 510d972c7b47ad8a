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
 * ky's retry settings for one call. Reads and idempotent writes retry by default; other writes
 * only when the call itself passes `retry` (their effect could otherwise happen twice).
 *
 * @example `kyRetry(routes['sessions.create'], undefined, undefined) // { limit: 0 }`
 */
export function kyRetry(operation: Route, client: RetryOption | undefined, call: RetryOption | undefined) {
  const policy = retryPolicy(call, retryPolicy(client))
  const allowed = operation.idempotent || call !== undefined
  if (!allowed || policy.limit <= 0) return { limit: 0 } satisfies KyRetryOptions
  return {
    limit: policy.limit,
    methods: [operation.method.toLowerCase()],
    statusCodes: [...RETRY_STATUSES],
    afterStatusCodes: [...RETRY_STATUSES],
    maxRetryAfter: policy.maxDelay,
    // The jitter is in `delay`; ky's own `jitter` would run after its cap.
    delay: (retry: number) => backoffDelay(retry, policy),
    backoffLimit: policy.maxDelay,
    retryOnTimeout: false,
  } satisfies KyRetryOptions
}
