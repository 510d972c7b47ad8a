import { isRecord } from '@session-library/schemas/client'
import { CliError, EXIT } from './errors.js'

/** One page of a list as read: its items, the `meta.total` it gave, and the request, as shown in an error. */
export interface ReadPage {
  readonly data: readonly unknown[]
  readonly total: unknown
  readonly request: string
}

const identity = (item: unknown) => (isRecord(item) && 'id' in item ? item.id : JSON.stringify(item))

/**
 * Every item of a list, page after page from `offset`, each new one yielded as it comes: the one walk
 * of `--all`, `api --paginate` and `clone`. It ends at an empty page or at the first page's
 * `meta.total`. A server that gives no total, repeats a page, or lists more items than the first
 * page's total (a total that grows with each page is never reached) would keep it reading forever:
 * each stops it as an answer that breaks the contract (D9), exit 4, after what was already yielded.
 */
export async function* walkPages(
  read: (offset: number) => Promise<ReadPage>,
  options: { readonly offset?: number; readonly noun?: string } = {},
): AsyncGenerator<unknown, void, undefined> {
  const { noun = 'items', offset: start = 0 } = options
  const seen = new Set<unknown>()
  let offset = start
  let first: number | undefined
  for (let count = 0; ; ) {
    const page = await read(offset)
    const stop = (why: string) => new CliError(`${page.request}: ${why}; stopped`, EXIT.invalid)
    if (first === undefined && typeof page.total !== 'number')
      throw stop('no meta.total, so the end of the list is unknown')
    first ??= page.total as number
    const bound = Math.max(first - start, 0)
    const fresh = page.data.filter((item) => !seen.has(identity(item)))
    for (const item of fresh) seen.add(identity(item))
    if (page.data.length > 0 && fresh.length === 0)
      throw stop(`the page at offset ${offset} repeats ${noun} already read`)
    count += fresh.length
    if (count > bound) throw stop(`more ${noun} than the first page's total of ${first}`)
    yield* fresh
    offset += page.data.length
    if (page.data.length === 0 || count >= bound) return
  }
}
