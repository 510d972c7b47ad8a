import { nameClasses, SessionLibraryError } from './base.js'

/**
 * `page.nextPage()` on a page that has none (`page.hasNextPage()` is false): no request is sent.
 * It rejects the call rather than throwing, so `.catch()` and `.safe()` see it; the request it
 * names is the one that fetched the last page.
 *
 * @example `await page.nextPage().catch((err) => err instanceof NoNextPageError && err.offset)`
 */
export class NoNextPageError extends SessionLibraryError {
  /** Tells this error apart in a `switch (error.code)`. */
  readonly code = 'no_next_page'
  /** The `offset` of the last page, the one `nextPage()` was called on. */
  readonly offset: number

  /** Builds the error of `nextPage()` called on the page at `offset`, fetched by `response`. */
  constructor(offset: number, total: number, response: Response) {
    const url = response.url
    const path = url && new URL(url).pathname
    super(`sessions.list: no page after the one at offset ${offset} (total ${total})`, {
      operation: 'sessions.list',
      method: 'GET',
      path,
      url,
    })
    this.offset = offset
  }
}

nameClasses({ NoNextPageError })
