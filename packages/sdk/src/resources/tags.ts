import type { SessionTags } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'

/**
 * The `client.tags` group: the tag list of one session.
 *
 * @example
 * ```ts
 * import type { TagsApi } from '@session-library/sdk'
 * const tags: TagsApi = client.tags
 * ```
 */
export interface TagsApi {
  /**
   * The tags of a session (`GET /sessions/{id}/tags`).
   *
   * @example `const { tags } = await client.tags.get('ses_1')`
   */
  get(id: string, options?: CallOptions): ApiPromise<SessionTags>
  /**
   * Replaces the whole tag list (`PUT /sessions/{id}/tags`, full-automation mode). The server
   * trims tags and drops duplicates. Atomic: prefer it when you know the whole list.
   *
   * @example `await client.tags.replace('ses_1', ['drums', 'vox'])`
   */
  replace(id: string, tags: readonly string[], options?: CallOptions): ApiPromise<SessionTags>
  /**
   * Adds tags to those the session has.
   *
   * **Not atomic:** a read then a write, two requests; a change someone else makes to the tags in
   * between is lost. Use `replace` when you know the whole list. `.withResponse()` gives the
   * write's answer.
   *
   * @example `await client.tags.add('ses_1', ['mixdown'])`
   */
  add(id: string, tags: readonly string[], options?: CallOptions): ApiPromise<SessionTags>
  /**
   * Removes tags from those the session has.
   *
   * **Not atomic:** a read then a write, two requests; a change someone else makes to the tags in
   * between is lost (see `add`).
   *
   * @example `await client.tags.remove('ses_1', ['draft'])`
   */
  remove(id: string, tags: readonly string[], options?: CallOptions): ApiPromise<SessionTags>
}

/**
 * The `tags` group over one client's call.
 *
 * @example `const tags = tagsApi(createCall(config))`
 */
export function tagsApi(call: Call): TagsApi {
  const get = (id: string, options?: CallOptions) => call('tags.get', { params: { id } }, options).map(unwrap)
  const replace = (id: string, tags: readonly string[], options?: CallOptions) =>
    call('tags.put', { params: { id }, body: { tags } }, options).map(unwrap)
  // Read, change, write: the answer (and `withResponse()`) is the PUT's.
  const edit = (id: string, change: (tags: readonly string[]) => string[], options?: CallOptions) =>
    new ApiPromise(get(id, options).then((current) => replace(id, change(current.tags), options).withResponse()))
  return {
    get,
    replace,
    add: (id, tags, options) => edit(id, (current) => [...new Set([...current, ...tags])], options),
    remove: (id, tags, options) => edit(id, (current) => current.filter((tag) => !tags.includes(tag)), options),
  }
}
