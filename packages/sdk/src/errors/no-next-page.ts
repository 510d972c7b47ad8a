import { nameClasses, requestAt, SessionLibraryError } from './base.js'

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
    super(
      `sessions.list: no page after the one at offset ${offset} (total ${total})`,
      requestAt('sessions.list', 'GET', response.url),
    )
    this.offset = offset
  }
}

nameClasses({ NoNextPageError })
