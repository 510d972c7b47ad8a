import { ERRORS } from '@session-library/schemas'
import type { Fault } from '../runtime/faults.js'
import { sleep } from '../runtime/mutex.js'
import { errorText, jsonText, type PlainAnswer } from './respond.js'

/** What the pipeline answers: a {@link PlainAnswer}, or a dropped connection (a network fault). */
export type ApiAnswer = PlainAnswer | 'dropped'

/** Codes for statuses the contract's `ERRORS` has none of. */
const EXTRA_CODES: Record<number, { code: string; message: string }> = {
  429: { code: 'rate_limited', message: 'Too many requests.' },
}

/**
 * The code and message of a fault's error envelope: the contract's own for the status when it has
 * one (400 `invalid_json`, 404 `not_found`, 503… `internal_error` for any 5xx), `rate_limited`
 * for 429, else `http_<status>`.
 *
 * @example
 * ```ts
 * faultError(404).code // 'not_found'
 * ```
 */
export function faultError(status: number): { code: string; message: string } {
  if (status >= 500) return { code: 'internal_error', message: ERRORS.internal_error.message }
  const known = Object.entries(ERRORS).find(([, error]) => error.status === status)
  if (known) return { code: known[0], message: known[1].message }
  return EXTRA_CODES[status] ?? { code: `http_${status}`, message: `Injected fault: HTTP ${status}.` }
}

/**
 * The answer of an injected fault after its latency: a dropped connection, the fault's status with
 * its body (the error envelope of the status by default) and `Retry-After`, or `undefined` when the
 * fault is only a delay.
 *
 * @example
 * ```ts
 * const answer = await faultAnswer({ status: 429, retryAfter: 1 })
 * ```
 */
export async function faultAnswer(fault: Fault): Promise<ApiAnswer | undefined> {
  await sleep(fault.latency ?? 0)
  if (fault.network) return 'dropped'
  if (fault.status === undefined) return undefined
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': `${fault.retryAfter}` }
  if (fault.body !== undefined) return jsonText(fault.status, JSON.stringify(fault.body), headers)
  return errorText({ status: fault.status, ...faultError(fault.status), headers })
}
