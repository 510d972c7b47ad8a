import type { Health } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import type { Call } from '../core/transport.js'

/** `client.health()`: the health snapshot (`GET /health`); it also proves the token is valid.
 * @example `const { effectiveMode } = await client.health()`
 */
export type HealthApi = (options?: CallOptions) => ApiPromise<Health>

export function healthApi(call: Call): HealthApi {
  return (options) => call('health.get', {}, options).map(unwrap)
}
