import type { SessionTags } from '@session-library/schemas'
import type { CallOptions } from './options.js'
import type { Call } from './transport.js'

/**
 * The `tags` group: the tag list of one session.
 *
 * @example `const tags = tagsApi(createCall(config))`
 */
export function tagsApi(call: Call) {
  const get = async (id: string, options?: CallOptions): Promise<SessionTags> =>
    (await call('tags.get', { params: { id } }, options)).data
  const replace = async (id: string, tags: string[], options?: CallOptions): Promise<SessionTags> =>
    (await call('tags.put', { params: { id }, body: { tags } }, options)).data
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
    async add(id: string, tags: string[], options?: CallOptions): Promise<SessionTags> {
      const current = await get(id, options)
      return replace(id, [...new Set([...current.tags, ...tags])], options)
    },
    /**
     * Removes tags from those the session has. Read-modify-write in two requests, NOT atomic (see `add`).
     * @example `await client.tags.remove('ses_1', ['draft'])`
     */
    async remove(id: string, tags: string[], options?: CallOptions): Promise<SessionTags> {
      const current = await get(id, options)
      return replace(
        id,
        current.tags.filter((tag) => !tags.includes(tag)),
        options,
      )
    },
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
