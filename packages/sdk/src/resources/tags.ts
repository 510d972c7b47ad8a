import type { SessionTags } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { ApiPromise, unwrap } from '../core/promise.js'
import { type ContractMethods, Resource } from '../core/transport.js'

/** The `client.tags` group: the tag list of one session. */
export class TagsApi extends Resource implements ContractMethods<'tags'> {
  /** The tags of a session (`GET /sessions/{id}/tags`).
   * @example `const { tags } = await client.tags.get('ses_1')`
   */
  get(id: string, options?: CallOptions): ApiPromise<SessionTags> {
    return this.call('tags.get', { params: { id } }, options).map(unwrap)
  }

  /** Replaces the whole tag list (`PUT /sessions/{id}/tags`, full-automation mode), atomically.
   * @example `await client.tags.replace('ses_1', ['drums', 'vox'])`
   */
  replace(id: string, tags: readonly string[], options?: CallOptions): ApiPromise<SessionTags> {
    return this.call('tags.put', { params: { id }, body: { tags } }, options).map(unwrap)
  }

  /** Adds tags to those the session has. **Not atomic:** a read then a write; a change made in between is lost.
   * @example `await client.tags.add('ses_1', ['mixdown'])`
   */
  add(id: string, tags: readonly string[], options?: CallOptions): ApiPromise<SessionTags> {
    return this.#edit(id, (current) => [...new Set([...current, ...tags])], options)
  }

  /** Removes tags from those the session has. **Not atomic:** a read then a write (see `add`).
   * @example `await client.tags.remove('ses_1', ['draft'])`
   */
  remove(id: string, tags: readonly string[], options?: CallOptions): ApiPromise<SessionTags> {
    return this.#edit(id, (current) => current.filter((tag) => !tags.includes(tag)), options)
  }

  #edit(id: string, change: (tags: readonly string[]) => string[], options?: CallOptions) {
    const write = (current: SessionTags) => this.replace(id, change(current.tags), options).withResponse()
    return new ApiPromise(this.get(id, options).then(write))
  }
}
