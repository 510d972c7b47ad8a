import type { Health } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'

/**
 * `client.health()`: the health snapshot (`GET /health`); it also proves the token is valid.
 *
 * @example `const { effectiveMode } = await client.health()`
 */
export type HealthApi = (options?: CallOptions) => ApiPromise<Health>

/**
 * `client.health` over one client's call.
 *
 * @example `const health = healthApi(createCall(config))`
 */
export function healthApi(call: Call): HealthApi {
  return (options) => call('health.get', {}, options).map(unwrap)
}
