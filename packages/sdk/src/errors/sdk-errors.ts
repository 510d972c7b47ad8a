import type { KnownErrorCode } from '@session-library/schemas/client'
import type { ApiError, ApiErrorOf, UnknownErrorCode } from './api-error.js'
import { nameClasses, type RequestDetails, requestAt, SessionLibraryError, target } from './base.js'

type Failure = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined

// Each runtime names the same failure its own way: Node's undici a cause's `code` (`UND_ERR_SOCKET`
// for a connection closed mid-answer), Bun a `code` on the TypeError, Deno only a message ("Connection
// refused (os error 111)", "connection closed before message completed", "dns error").
const CODES: [RegExp, string][] = [
  [/refused|os error 111/i, 'ECONNREFUSED'],
  [/reset|closed|UND_ERR_SOCKET|os error 104/i, 'ECONNRESET'],
  [/ENOTFOUND|dns error/i, 'ENOTFOUND'],
]

// By shape (any runtime, any realm): the fetch standard's `TypeError`, or an error with a string `code` (Bun, Node).
export const isFetchFailure = (error: unknown) =>
  (error as Failure)?.name === 'TypeError' || typeof (error as Failure)?.code === 'string'

function describeCause(cause: unknown): { code: string | undefined; said: string } {
  let code: string | undefined
  let said = String(cause)
  for (let at = cause as Failure, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    if (typeof at.code === 'string') code ??= at.code
    if (typeof at.message === 'string') said = at.message
    at = at.cause as Failure
  }
  const text = code ?? said
  code = CODES.find(([pattern]) => pattern.test(text))?.[1] ?? code
  return { code, said }
}

/** No answer (connection refused, reset or dropped, DNS failure, CORS) on any runtime: the message names the request
 * and the code with the host (`ECONNREFUSED 127.0.0.1:4777`), else the runtime's reason (its error is `cause`).
 * @example `await client.health().catch((err) => err instanceof NetworkError && err.causeCode) // 'ECONNREFUSED'`
 */
export class NetworkError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'network_error'
  /** `ECONNREFUSED`, `ECONNRESET` (reset or closed before the answer), `ENOTFOUND`, or the runtime's own code. */
  readonly causeCode: string | undefined

  /** Builds the error, and its message, from what the runtime's `fetch` threw. */
  constructor(request: RequestDetails, cause: unknown) {
    const { code, said } = describeCause(cause)
    const reason = code ? `${code} ${new URL(request.url).host}` : said
    super(`${request.operation}: network error (${target(request)}): ${reason}`, request, { cause })
    this.causeCode = code
  }
}

/** An attempt took longer than the `timeout` option, the answer's body included.
 * @example `await client.health({ timeout: 50 }).catch((err) => err instanceof TimeoutError)`
 */
export class TimeoutError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'timeout'
  /** The timeout that ran out, in ms. */
  readonly timeout: number

  /** Builds the error of a request that got no whole answer within `timeout` ms. */
  constructor(timeout: number, request: RequestDetails, message?: string) {
    super(message ?? `${request.operation}: no answer within ${timeout} ms (${target(request)})`, request)
    this.timeout = timeout
  }
}

/** The caller's `signal` aborted the call (`abort()`, `abort(reason)`, `AbortSignal.timeout(ms)`); never retried.
 * @example `await client.health({ signal: AbortSignal.timeout(1_000) }).catch((err) => err instanceof AbortedError && err.reason)`
 */
export class AbortedError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'aborted'
  /** The signal's reason: a DOMException named `AbortError` or `TimeoutError`, or what you passed. */
  readonly reason: unknown

  /** Builds the error of a call the caller's signal ended. */
  constructor(reason: unknown, request: RequestDetails) {
    const said = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)
    const message = `${request.operation}: aborted by the caller's signal (${request.method} ${request.path}): ${said}`
    super(message, request, { cause: reason })
    this.reason = reason
  }
}

/** A success answer that breaks the contract's tolerant schema, is not JSON, or exceeds `maxAnswerBytes`.
 * @example `await client.health().catch((err) => err instanceof ResponseValidationError && err.issues)`
 */
export class ResponseValidationError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'invalid_answer'
  /** One line per problem: `data.title: expected string`. */
  readonly issues: readonly string[]
  /** The body as received. */
  readonly body: unknown

  /** Builds the error from the problems found in `body`. */
  constructor(issues: readonly string[], body: unknown, request: RequestDetails) {
    super(`${request.operation}: the answer does not match the contract: ${issues.join('; ')}`, request)
    this.issues = issues
    this.body = body
  }
}

/** `page.nextPage()` on the last page: nothing is sent, the call rejects (`.safe()` sees it).
 * @example `await page.nextPage().catch((err) => err instanceof NoNextPageError && err.offset)`
 */
export class NoNextPageError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'no_next_page'
  /** The `offset` of the last page, the one `nextPage()` was called on. */
  readonly offset: number

  /** Builds the error of `nextPage()` called on the page at `offset`, fetched by `response`. */
  constructor(offset: number, total: number, response: Response) {
    const request = requestAt('sessions.list', 'GET', response.url)
    super(`sessions.list: no page after the one at offset ${offset} (total ${total})`, request)
    this.offset = offset
  }
}

/** What a server did that ends a strict page walk (D9, D10): a page of only items already read, more
 * items than the first page's `meta.total`, no `meta.total`, or no end within the pages the first
 * total calls for plus `EXTRA_PAGES` (pages that overlap, or a library changing under the walk).
 */
export type PaginationProblem = 'repeated-page' | 'over-total' | 'no-total' | 'too-many-pages'

/** What a {@link PaginationError}'s message says besides the request and the offset. */
export interface PaginationContext extends Partial<Pick<PaginationError, 'total'>> {
  /** What the items are called: `sessions` (default `items`). */
  readonly noun?: string
  /** The pages read, for `too-many-pages`. */
  readonly pages?: number
}

/** A strict page walk (`sessions.iterate`, `all`, `walkPages`) met a server that breaks paging (D9, D10) after the
 * items before it: `what` it did, at `offset` (the message names both); `{ pages: 'tolerant' }` stops quietly.
 * @example `await client.sessions.all().catch((err) => err instanceof PaginationError && [err.what, err.offset])`
 */
export class PaginationError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'invalid_paging'
  /** What the server did. */
  readonly what: PaginationProblem
  /** The `offset` of the page the walk stopped at. */
  readonly offset: number
  /** The first page's `meta.total`, when there was one. */
  readonly total: number | undefined

  /** Builds the error of the page at `offset`, read by `request`, that did `what`. */
  constructor(what: PaginationProblem, offset: number, request: RequestDetails, context: PaginationContext = {}) {
    const { noun = 'items', total, pages } = context
    const said = {
      'repeated-page': `the page at offset ${offset} repeats ${noun} already read`,
      'over-total': `the page at offset ${offset} brings more ${noun} than the first page's total of ${total}`,
      'no-total': `the page at offset ${offset} has no meta.total, so the end of the list is unknown`,
      'too-many-pages': `${pages} pages read and the list goes on at offset ${offset}, past what the first page's total of ${total} calls for`,
    }[what]
    super(`${target(request)}: ${said}; stopped`, request)
    this.what = what
    this.offset = offset
    this.total = total
  }
}

/** `imports.startAndWait` or `imports.wait` ran out of time before every item had a session; wait
 * again with `client.imports.wait(error.importId, error.missing)`.
 * @example `await client.imports.wait(importId, paths).catch((err) => err instanceof ImportWaitTimeoutError && err.missing)`
 */
export class ImportWaitTimeoutError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'import_wait_timeout'
  /** The import waited for. */
  readonly importId: string
  /** The project paths still without a session, in the items' order. */
  readonly missing: readonly string[]
  /** The wait that ran out, in ms. */
  readonly timeout: number

  /** Builds the error of a wait of `timeout` ms that ended with `missing` paths; the message names the first three. */
  constructor(importId: string, missing: readonly string[], timeout: number, request: RequestDetails) {
    const more = missing.length > 3 ? ` and ${missing.length - 3} more` : ''
    const paths = `${missing.slice(0, 3).join(', ')}${more}`
    super(`${request.operation}: import ${importId} waited ${timeout} ms; no session yet for ${paths}`, request)
    this.importId = importId
    this.missing = missing
    this.timeout = timeout
  }
}

nameClasses({
  NetworkError,
  TimeoutError,
  AbortedError,
  ResponseValidationError,
  NoNextPageError,
  PaginationError,
  ImportWaitTimeoutError,
})

/** Every error a call can settle with (what `.safe()` gives), told apart by `code`: the contract's
 * codes ({@link ApiErrorOf}), an unknown one, and the SDK's own (`network_error`, `timeout`,
 * `aborted`, `invalid_answer`, `no_next_page`, `invalid_paging`).
 * @example `if (error.code === 'read_only') console.log(error.status) // ForbiddenError, 403`
 */
export type CallError =
  | { [Code in KnownErrorCode]: ApiErrorOf<Code> }[KnownErrorCode]
  | ApiError<UnknownErrorCode>
  | NetworkError
  | TimeoutError
  | AbortedError
  | ResponseValidationError
  | NoNextPageError
  | PaginationError
