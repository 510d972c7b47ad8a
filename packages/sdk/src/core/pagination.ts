import {
  isRecord,
  LIMITS,
  type SessionPage as ListAnswer,
  type ReadonlyInput,
  type Session,
  type SessionListParams,
} from '@session-library/schemas/client'
import { type RequestDetails, requestAt } from '../errors/base.js'
import { AbortedError, NoNextPageError, PaginationError, type PaginationProblem } from '../errors/sdk-errors.js'
import type { CallOptions } from './options.js'
import { ApiPromise, type RawAnswer, rememberResponse } from './promise.js'

/** Page size of a walk whose query gives no `limit`: the API's largest (500), for the fewest requests. */
export const DEFAULT_PAGE_SIZE: number = LIMITS.listLimitMax

/** Pages a walk may ask for beyond those the first answer's `total` calls for: 2 (no endless walk). */
export const EXTRA_PAGES = 2

/** How a page walk takes a server that breaks paging (D9, D10: pages never overlap or skip, `meta.total` says where
 * the list ends): `'strict'` (default) throws a `PaginationError` after the items read; `'tolerant'` stops quietly.
 */
export type PagesMode = 'strict' | 'tolerant'

/** The options of `sessions.iterate` and `sessions.all`: a call's options and a {@link PagesMode}.
 * @example `for await (const session of client.sessions.iterate({}, { pages: 'tolerant' })) console.log(session.id)`
 */
export interface WalkOptions extends CallOptions {
  /** How to take a server that breaks paging (default `'strict'`). */
  pages?: PagesMode
}

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

export function withPageMethods(
  page: ApiPromise<SessionPage>,
  following: (offset: number) => ApiPromise<SessionListPage>,
): ApiPromise<SessionListPage> {
  const raw = page.withResponse().then(({ data: answer, response }) => {
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
    return { data: Object.defineProperties(answer, methods) as SessionListPage, response }
  })
  return new ApiPromise(raw)
}

/** One page as {@link walkPages} reads it. */
export interface WalkedPage<T> {
  /** The page's items, in the list's order. */
  readonly data: readonly T[]
  /** The answer's `meta.total`; anything but a number is no total. */
  readonly total: unknown
  /** The request that read the page, as a `PaginationError` names it. */
  readonly request: RequestDetails
}

/** How {@link walkPages} walks. */
export interface WalkPagesOptions<T> {
  /** Where the walk starts (default 0). */
  readonly offset?: number
  /** How to take a server that breaks paging (default `'strict'`). */
  readonly pages?: PagesMode
  /** What the items are called in an error's message (default `items`). */
  readonly noun?: string
  /** What tells two items apart (default: an item's `id`, else its JSON text). */
  readonly identity?: (item: T) => unknown
  /** Ends the walk between two items with an `AbortedError`. */
  readonly signal?: AbortSignal
}

const identityOf = (item: unknown) => (isRecord(item) && 'id' in item ? item.id : JSON.stringify(item))

// Each page's new items with the page (an empty last page too); strict also ends once the first page's total came.
async function* walk<T, Page extends WalkedPage<T>>(
  read: (offset: number) => Promise<Page>,
  options: WalkPagesOptions<T>,
): AsyncGenerator<{ fresh: T[]; page: Page }, void, undefined> {
  const { offset: start = 0, pages = 'strict', noun = 'items', identity = identityOf } = options
  const strict = pages === 'strict'
  const seen = new Set<unknown>()
  let offset = start
  let first: number | undefined
  let budget = 1
  let count = 0
  for (let reads = 1; ; reads++) {
    const page = await read(offset)
    const { data, total } = page
    const broke = (what: PaginationProblem) => {
      if (strict) throw new PaginationError(what, offset, page.request, { noun, total: first, pages: reads })
    }
    if (typeof total !== 'number') broke('no-total')
    if (data.length === 0) {
      yield { fresh: [], page }
      return
    }
    // The server may clamp the limit; the first page shows the size it really uses.
    if (first === undefined && typeof total === 'number') {
      first = total
      budget = Math.ceil(Math.max(total - start, 0) / data.length) + EXTRA_PAGES
    }
    const fresh: T[] = []
    for (const item of data) {
      const id = identity(item)
      if (!seen.has(id)) fresh.push(item)
      seen.add(id)
    }
    // Pages never overlap (D10): a page of nothing new is one the server repeats, and so would the rest.
    if (fresh.length === 0) return broke('repeated-page')
    count += fresh.length
    // A total that grows with each page is never reached: the first page's is the bound.
    const bound = Math.max((first ?? 0) - start, 0)
    if (count > bound) broke('over-total')
    yield { fresh, page }
    offset += data.length
    if (typeof total !== 'number' || offset >= total || (strict && count >= bound)) return
    if (reads >= budget) return broke('too-many-pages')
  }
}

// An abort between two items ends the walk there, as it ends a request under way.
function stopIfAborted(signal: AbortSignal | undefined, request: RequestDetails) {
  if (signal?.aborted) throw new AbortedError(signal.reason, request)
}

async function* itemsOf<T>(pages: AsyncIterable<{ fresh: T[]; page: WalkedPage<T> }>, signal?: AbortSignal) {
  for await (const { fresh, page } of pages)
    for (const item of fresh) {
      stopIfAborted(signal, page.request)
      yield item
    }
}

/** Every item of a list read as `{ data, meta.total }` by offset, page by page, each once: the SDK's one page walk
 * (`sessions.iterate` and `all` too). It ends at an empty page or at `meta.total`, within the pages the first total
 * calls for plus {@link EXTRA_PAGES}; a server that breaks paging (D9, D10) ends it as its {@link PagesMode} says.
 * @example
 * ```ts
 * const read = async (offset: number) => {
 *   const { data, response } = await client.request('sessions.list', { query: { offset } }).withResponse()
 *   return { data: data.data, total: data.meta.total, request: { operation: 'sessions.list', method: 'GET', path: new URL(response.url).pathname, url: response.url } } as const
 * }
 * for await (const session of walkPages(read, { noun: 'sessions' })) console.log(session.id)
 * ```
 */
export function walkPages<T>(
  read: (offset: number) => Promise<WalkedPage<T>>,
  options: WalkPagesOptions<T> = {},
): AsyncGenerator<T, void, undefined> {
  return itemsOf(walk(read, options), options.signal)
}

type SessionsPage = WalkedPage<Session> & { readonly response: Response }

function sessionPages(
  listPage: ListPage,
  query: SessionListQuery,
  options: WalkOptions = {},
  answered?: (response: Response) => void,
) {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  const read = async (offset: number): Promise<SessionsPage> => {
    const { data: answer, response } = await listPage({ ...query, limit, offset }).withResponse()
    answered?.(response)
    const request = requestAt('sessions.list', 'GET', response.url)
    // `meta` may be missing when the answer is not validated (`validate: false`).
    return { data: answer.data, total: answer.meta?.total, request, response }
  }
  return walk<Session, SessionsPage>(read, { ...options, offset: query.offset ?? 0, noun: 'sessions' })
}

export function paginate(
  listPage: ListPage,
  query: SessionListQuery,
  options?: WalkOptions,
): AsyncGenerator<Session, void, undefined> {
  return itemsOf(sessionPages(listPage, query, options), options?.signal)
}

export function collect(listPage: ListPage, query: SessionListQuery, options?: WalkOptions): ApiPromise<Session[]> {
  const walkAll = async (): Promise<RawAnswer<Session[]>> => {
    const sessions: Session[] = []
    let last: SessionsPage | undefined
    // The latest answer, so that `.safe()` of a walk that stopped gives the page it stopped at.
    let answered: Response | undefined
    try {
      for await (const { fresh, page } of sessionPages(listPage, query, options, (response) => (answered = response))) {
        stopIfAborted(options?.signal, page.request)
        sessions.push(...fresh)
        last = page
      }
    } catch (error) {
      throw error instanceof PaginationError && answered ? rememberResponse(error, answered) : error
    }
    // The walk yields at least once, or throws: an empty first page too.
    return { data: sessions, response: (last as SessionsPage).response }
  }
  return new ApiPromise(walkAll())
}
