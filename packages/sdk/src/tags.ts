import type { SessionTags } from '@session-library/schemas'
import { ApiPromise } from './api-promise.js'
import type { CallOptions } from './options.js'
import type { Call } from './transport.js'
import { unwrap } from './unwrap.js'

/**
 * The `tags` group: the tag list of one session.
 *
 * @example `const tags = tagsApi(createCall(config))`
 */
export function tagsApi(call: Call) {
  const get = (id: string, options?: CallOptions): ApiPromise<SessionTags> =>
    call('tags.get', { params: { id } }, options).map(unwrap)
  const replace = (id: string, tags: string[], options?: CallOptions): ApiPromise<SessionTags> =>
    call('tags.put', { params: { id }, body: { tags } }, options).map(unwrap)
  // Read, change, write: the answer (and `withResponse()`) is the PUT's.
  const edit = (id: string, change: (tags: string[]) => string[], options?: CallOptions) =>
    new ApiPromise(get(id, options).then((current) => replace(id, change(current.tags), options).withResponse()))
  return {
    /**
     * The tags of a session.
     * @example `const { tags } = await client.tags.get('ses_1')`
     */
    get,
    /**
     * Replaces the whole tag list (full-automation mode). The server trims tags and drops duplicates.
     * @example `await client.tags.replace('ses_1', ['drums', 'vox'])`
     */
    replace,
    /**
     * Adds tags to those the session has. Read-modify-write in two requests, NOT atomic: a change
     * made by someone else between the two is lost. Use `replace` when you know the whole list.
     * @example `await client.tags.add('ses_1', ['mixdown'])`
     */
    add: (id: string, tags: string[], options?: CallOptions): ApiPromise<SessionTags> =>
      edit(id, (current) => [...new Set([...current, ...tags])], options),
    /**
     * Removes tags from those the session has. Read-modify-write in two requests, NOT atomic (see `add`).
     * @example `await client.tags.remove('ses_1', ['draft'])`
     */
    remove: (id: string, tags: string[], options?: CallOptions): ApiPromise<SessionTags> =>
      edit(id, (current) => current.filter((tag) => !tags.includes(tag)), options),
  }
}

/**
 * The `client.tags` group.
 *
 * @example
 * ```ts
 * import type { TagsApi } from '@session-library/sdk'
 * const tags: TagsApi = client.tags
 * ```
 */
export type TagsApi = ReturnType<typeof tagsApi>
