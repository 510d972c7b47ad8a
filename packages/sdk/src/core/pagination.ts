import type {
  SessionPage as ListAnswer,
  ReadonlyInput,
  Session,
  SessionListParams,
} from '@session-library/schemas/client'
import { requestAt } from '../errors/base.js'
import { AbortedError, NoNextPageError } from '../errors/sdk-errors.js'
import { ApiPromise, type RawAnswer } from './promise.js'

/** Page size `iterate` and `all` ask for when the query gives no `limit`: 100. */
export const DEFAULT_PAGE_SIZE = 100

/** Pages `iterate` may ask for beyond those the first answer's `total` calls for: 2 (no endless walk). */
export const EXTRA_PAGES = 2

/** The list's query, typed.
 * @example `const query: SessionListQuery = { tags: ['drums'], recent: true, sort: '-title', limit: 20 }`
 */
export interface SessionListQuery extends ReadonlyInput<SessionListParams> {}

/** One page of the list as the server sends it: `data` (the sessions) and `meta` (`total`, `limit`, `offset`). */
export interface SessionPage extends ListAnswer {}

/** One page of `sessions.list`: `{ data, meta }` as the server sent it, plus the way to the next one.
 * @example `while (page.hasNextPage()) page = await page.nextPage()`
 */
export type SessionListPage = SessionPage & PageMethods

/** What a {@link SessionListPage} adds to the answer (not enumerable: `JSON.stringify(page)` is the answer). */
export interface PageMethods {
  /** Whether the list goes on past this page: it was not empty and ends before `meta.total`. */
  hasNextPage(): boolean
  /** The page after this one (same query and options); on the last page it rejects with a `NoNextPageError`. */
  nextPage(): ApiPromise<SessionListPage>
}

type ListPage = (query: SessionListQuery) => ApiPromise<SessionPage>

export function withPageMethods(page: ApiPromise<SessionPage>, following: Following): ApiPromise<SessionListPage> {
  const raw = page.withResponse()
  return new ApiPromise(raw.then(({ data, response }) => ({ data: withWayOn(data, response, following), response })))
}

type Following = (offset: number) => ApiPromise<SessionListPage>

function withWayOn(answer: SessionPage, response: Response, following: Following): SessionListPage {
  const { offset, total } = answer.meta
  const next = offset + answer.data.length
  const hasNextPage = () => answer.data.length > 0 && next < total
  // The rejection is made only when asked for: a last page nobody pages on rejects nothing.
  const nextPage = () =>
    hasNextPage()
      ? following(next)
      : new ApiPromise<SessionListPage>(Promise.reject(new NoNextPageError(offset, total, response)))
  // Not enumerable: the page still prints, compares and serialises as the answer.
  const methods = { hasNextPage: { value: hasNextPage }, nextPage: { value: nextPage } }
  return Object.defineProperties(answer, methods) as SessionListPage
}

// Each page's sessions not seen before, with the page's answer (an empty last page too). It stops
// at `meta.total`, on an empty or repeated page, or after the page budget the first answer allows
// plus EXTRA_PAGES.
async function* pages(
  listPage: ListPage,
  query: SessionListQuery,
): AsyncGenerator<RawAnswer<Session[]>, void, undefined> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  let offset = query.offset ?? 0
  let budget = 1
  const seen = new Set<string>()
  for (let count = 0; count < budget; count++) {
    const { data: page, response } = await listPage({ ...query, limit, offset }).withResponse()
    const { data, meta } = page
    if (data.length === 0) {
      yield { data, response }
      return
    }
    // The server may clamp the limit; the first page shows the size it really uses.
    if (count === 0) budget = Math.ceil(Math.max(meta.total - offset, 0) / data.length) + EXTRA_PAGES
    const fresh = data.filter((session) => !seen.has(session.id))
    // Pages never overlap (D10): a page of nothing new is one the server repeats, and so would the rest.
    if (fresh.length === 0) return
    for (const session of fresh) seen.add(session.id)
    yield { data: fresh, response }
    offset += data.length
    if (offset >= meta.total) return
  }
}

// An abort between two items ends the walk there, as it ends a request under way.
function stopIfAborted(signal: AbortSignal | undefined, response: Response) {
  if (signal?.aborted) throw new AbortedError(signal.reason, requestAt('sessions.list', 'GET', response.url))
}

export async function* paginate(
  listPage: ListPage,
  query: SessionListQuery,
  signal?: AbortSignal,
): AsyncGenerator<Session, void, undefined> {
  for await (const { data, response } of pages(listPage, query))
    for (const session of data) {
      stopIfAborted(signal, response)
      yield session
    }
}

export function collect(listPage: ListPage, query: SessionListQuery, signal?: AbortSignal): ApiPromise<Session[]> {
  const walk = async (): Promise<RawAnswer<Session[]>> => {
    const sessions: Session[] = []
    let last: Response | undefined
    for await (const { data, response } of pages(listPage, query)) {
      stopIfAborted(signal, response)
      sessions.push(...data)
      last = response
    }
    // `pages` yields at least once: an empty first page too.
    return { data: sessions, response: last as Response }
  }
  return new ApiPromise(walk())
}
