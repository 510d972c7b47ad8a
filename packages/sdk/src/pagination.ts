import type { AnswerOf, QueryOf, Session } from '@session-library/schemas'
import type { CallOptions } from './options.js'

/**
 * Page size `iterate` and `all` ask for when the query gives no `limit`.
 *
 * @example
 * ```ts
 * import { DEFAULT_PAGE_SIZE } from '@session-library/sdk'
 * DEFAULT_PAGE_SIZE // 100
 * ```
 */
export const DEFAULT_PAGE_SIZE = 100

/**
 * Pages `iterate` may ask for beyond those the first answer's `total` calls for, so that sessions
 * added meanwhile are still seen but a library that keeps changing cannot keep it going forever.
 *
 * @example
 * ```ts
 * import { EXTRA_PAGES } from '@session-library/sdk'
 * EXTRA_PAGES // 2
 * ```
 */
export const EXTRA_PAGES = 2

type ListPage = (query: QueryOf<'sessions.list'>, options?: CallOptions) => Promise<AnswerOf<'sessions.list'>>

/**
 * Walks the list with limit/offset and yields each session once. It stops at `meta.total`, on an
 * empty page, or after the page budget the first answer allows plus {@link EXTRA_PAGES}.
 *
 * @example `for await (const session of paginate(list, { limit: 50 })) console.log(session.id)`
 */
export async function* paginate(
  listPage: ListPage,
  query: QueryOf<'sessions.list'>,
  options?: CallOptions,
): AsyncGenerator<Session, void, undefined> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  let offset = query.offset ?? 0
  let budget = 1
  const seen = new Set<string>()
  for (let pages = 0; pages < budget; pages++) {
    const { data, meta } = await listPage({ ...query, limit, offset }, options)
    if (data.length === 0) return
    // The server may clamp the limit; the first page shows the size it really uses.
    if (pages === 0) budget = Math.ceil(Math.max(meta.total - offset, 0) / data.length) + EXTRA_PAGES
    for (const session of data) {
      if (seen.has(session.id)) continue
      seen.add(session.id)
      yield session
    }
    offset += data.length
    if (offset >= meta.total) return
  }
}
