import { type RequestDetails, TimeoutError } from './errors.js'
import type { FetchFunction, RetryPolicy } from './options.js'
import { backoffDelay, RETRY_STATUSES, retryAfterDelay } from './retry.js'

/**
 * How one call is sent, whichever path sends it: its retry policy, timeout per attempt and signal.
 *
 * @example `const plan: SendPlan = { request, policy: DEFAULT_RETRY, timeout: 10_000, signal: undefined }`
 */
export interface SendPlan {
  request: RequestDetails
  policy: Required<RetryPolicy>
  timeout: number | false
  signal: AbortSignal | undefined
}

async function attempt(url: string, init: RequestInit, plan: SendPlan, send: FetchFunction | undefined) {
  const { timeout } = plan
  let { signal } = plan
  let timer: ReturnType<typeof setTimeout> | undefined
  if (timeout !== false) {
    const controller = new AbortController()
    // fetch rejects with the abort's reason, so a timeout surfaces as our TimeoutError.
    timer = setTimeout(() => controller.abort(new TimeoutError(timeout, plan.request)), timeout)
    signal = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal
  }
  const request = { ...init, signal }
  try {
    // The `fetch` option is typed to receive a Request (as under ky); the global one takes the URL as it is.
    return await (send ? send(new Request(url, request)) : fetch(url, request))
  } finally {
    clearTimeout(timer)
  }
}

function wait(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', abort, { once: true })
  })
}

/**
 * Sends a call with `fetch` itself: the path of clients without hooks or a logger. It skips ky's
 * per-call work (a Request built, then cloned, an AbortController, merged options), about 60 µs
 * of CPU a call, while keeping what the README promises: a timeout per attempt, retries of network
 * errors and of {@link RETRY_STATUSES} with backoff or `Retry-After`, and abort at any point.
 * Resolves to the last answer, an error status included.
 *
 * @example `const response = await sendDirect(url, { method: 'GET', headers }, plan, undefined)`
 */
export async function sendDirect(url: string, init: RequestInit, plan: SendPlan, send: FetchFunction | undefined) {
  const { policy, signal } = plan
  for (let retry = 1; ; retry++) {
    let delay: number
    try {
      const response = await attempt(url, init, plan, send)
      const again = retry <= policy.limit && (RETRY_STATUSES as readonly number[]).includes(response.status)
      if (!again) return response
      delay = retryAfterDelay(response.headers.get('retry-after'), policy.maxDelay) ?? backoffDelay(retry, policy)
      void response.body?.cancel()
    } catch (error) {
      // fetch rejects with a TypeError when no answer came; a timeout or an abort is not retried.
      if (!(error instanceof TypeError) || retry > policy.limit) throw error
      delay = backoffDelay(retry, policy)
    }
    // An abort rejects with its reason, also one that came while an answer was read.
    signal?.throwIfAborted()
    await wait(delay, signal)
  }
}
