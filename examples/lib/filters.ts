import type { SessionListQuery } from '@session-library/sdk'

/**
 * The command-line filters every example that picks sessions shares, for `util.parseArgs`:
 * `--search <text>` (title, client and notes), `--kind <kind>`, `--tag <tag>` (repeat it: a session
 * must carry every tag given).
 *
 * @example
 * ```ts
 * await runScript(import.meta.url, { ...FILTER_OPTIONS, limit: { type: 'string' } }, main)
 * ```
 */
export const FILTER_OPTIONS = {
  search: { type: 'string', short: 'q' },
  kind: { type: 'string' },
  tag: { type: 'string', multiple: true },
} as const

/**
 * The values `util.parseArgs` gives for {@link FILTER_OPTIONS}.
 *
 * @example
 * ```ts
 * const filters: Filters = { search: 'night', tag: ['drums'] }
 * ```
 */
export interface Filters {
  search?: string
  kind?: string
  tag?: string[]
}

/**
 * The list query for the filters: only what was given, so the server's defaults apply otherwise.
 *
 * @example
 * ```ts
 * filterQuery({ search: 'night', tag: ['drums'] }) // { q: 'night', tags: ['drums'] }
 * ```
 */
export function filterQuery({ search, kind, tag }: Filters): SessionListQuery {
  return {
    ...(search !== undefined && { q: search }),
    ...(kind !== undefined && { kind }),
    ...(tag?.length && { tags: tag }),
  }
}

/**
 * The filters in words, for headers and summaries; `''` when there are none.
 *
 * @example
 * ```ts
 * describeFilters({ kind: 'ableton', tag: ['drums', 'vox'] }) // 'kind ableton, tagged drums + vox'
 * ```
 */
export function describeFilters({ search, kind, tag }: Filters): string {
  const parts = [
    search !== undefined && `matching "${search}"`,
    kind !== undefined && `kind ${kind}`,
    tag?.length && `tagged ${tag.join(' + ')}`,
  ].filter((part): part is string => typeof part === 'string')
  return parts.join(', ')
}
