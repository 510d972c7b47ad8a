import type { TagCount } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import type { Call } from '../core/transport.js'

/** `client.tagCounts()`: every tag with the number of sessions that carry it, most used first (`GET /tags`).
 * @example `const [top] = await client.tagCounts()`
 */
export type TagCountsApi = (options?: CallOptions) => ApiPromise<TagCount[]>

export function tagCountsApi(call: Call): TagCountsApi {
  return (options) => call('tagCounts.list', {}, options).map(unwrap)
}
