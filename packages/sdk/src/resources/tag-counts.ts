import type { TagCount } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'

/**
 * `client.tagCounts()`: every tag of the library with the number of sessions that carry it, most
 * used first (`GET /tags`).
 *
 * @example `const [top] = await client.tagCounts()`
 */
export type TagCountsApi = (options?: CallOptions) => ApiPromise<TagCount[]>

/**
 * `client.tagCounts` over one client's call.
 *
 * @example `const tagCounts = tagCountsApi(createCall(config))`
 */
export function tagCountsApi(call: Call): TagCountsApi {
  return (options) => call('tagCounts.list', {}, options).map(unwrap)
}
