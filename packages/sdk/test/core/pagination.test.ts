import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  AbortedError,
  DEFAULT_PAGE_SIZE,
  EXTRA_PAGES,
  NoNextPageError,
  PaginationError,
  SessionLibrary,
  type WalkedPage,
  walkPages,
} from '../../src/index.js'
import { BASE_URL, sessionAnswer, TOKEN } from '../support/fixtures.js'
import { api, testClient, useServer } from '../support/server.js'

const server = useServer()

/** A list endpoint over `ids()`, read afresh for each page, that records each query. */
function fakeList(ids: () => string[], meta: (total: number) => Partial<{ total: number }> = () => ({})) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get(api('/sessions'), ({ request }) => {
      const query = new URL(request.url).searchParams
      queries.push(query)
      const limit = Math.min(Number(query.get('limit') ?? 50), 500)
      const offset = Number(query.get('offset') ?? 0)
      const all = ids()
      const data = all.slice(offset, offset + limit).map((id) => sessionAnswer(id))
      return HttpResponse.json({ data, meta: { total: all.length, limit, offset, ...meta(all.length) } })
    }),
  )
  return queries
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `ses_${from + i}`)

describe('sessions.iterate and sessions.all', () => {
  it('walk every page with limit/offset and stop at meta.total', async () => {
    const queries = fakeList(() => range(0, 25))
    const sessions = await testClient().sessions.all({ limit: 10, kind: 'ableton' })
    expect(sessions.map((s) => s.id)).toEqual(range(0, 25))
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '10', '20'])
    expect(queries.every((q) => q.get('kind') === 'ableton' && q.get('limit') === '10')).toBe(true)
  })

  it(`ask for pages of ${DEFAULT_PAGE_SIZE} (the largest the API gives) by default and start at the query offset`, async () => {
    const queries = fakeList(() => range(0, DEFAULT_PAGE_SIZE + 30))
    const sessions = await testClient().sessions.all({ offset: 5 })
    expect(sessions).toHaveLength(DEFAULT_PAGE_SIZE + 25)
    expect(DEFAULT_PAGE_SIZE).toBe(500)
    expect(queries.map((q) => [q.get('limit'), q.get('offset')])).toEqual([
      ['500', '5'],
      ['500', '505'],
    ])
  })

  it('D9: step by the page size the server really applies when it clamps the limit', async () => {
    fakeList(() => range(0, 1_200))
    const sessions = await testClient().sessions.all({ limit: 1_000 })
    expect(sessions).toHaveLength(1_200)
  })

  it('yield a session once when an insert shifts it onto the next page', async () => {
    let ids = range(0, 20)
    const queries = fakeList(() => ids)
    const seen: string[] = []
    for await (const session of testClient().sessions.iterate({ limit: 10 })) {
      seen.push(session.id)
      if (seen.length === 10) ids = ['new_1', ...ids]
    }
    expect(seen).toEqual(range(0, 20))
    expect(queries).toHaveLength(3)
  })

  it('stop on an empty page even when meta.total says there is more', async () => {
    const queries = fakeList(
      () => range(0, 5),
      () => ({ total: 1_000 }),
    )
    const sessions = await testClient().sessions.all({ limit: 5 })
    expect(sessions).toHaveLength(5)
    expect(queries).toHaveLength(2)
  })

  it('D9: a library that grows under the walk: the first total is the bound, the walk ends there without error', async () => {
    let next = 0
    const queries = fakeList(() => {
      next += 10
      return range(0, 20 + next)
    })
    const sessions = await testClient().sessions.all({ limit: 10 })
    expect(sessions.map((s) => s.id)).toEqual(range(0, 30))
    expect(queries).toHaveLength(3)
  })

  it(`tolerant: never ask for more than the first total's pages plus ${EXTRA_PAGES}, however the library grows`, async () => {
    let next = 0
    const queries = fakeList(() => {
      next += 10
      return range(0, 20 + next)
    })
    await testClient().sessions.all({ limit: 10 }, { pages: 'tolerant' })
    expect(queries).toHaveLength(Math.ceil(30 / 10) + EXTRA_PAGES)
  })

  it('stop early when the caller breaks out of the loop', async () => {
    const queries = fakeList(() => range(0, 100))
    for await (const session of testClient().sessions.iterate({ limit: 10 })) {
      if (session.id === 'ses_3') break
    }
    expect(queries).toHaveLength(1)
  })
})

/** A server that ignores `offset`: the same page of ten whatever is asked, fifty claimed. */
function repeatingList() {
  const queries: URLSearchParams[] = []
  server.use(
    http.get(api('/sessions'), ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      const data = range(0, 10).map((id) => sessionAnswer(id))
      return HttpResponse.json({ data, meta: { total: 50, limit: 10, offset: 0 } })
    }),
  )
  return queries
}

describe('a server that breaks paging (D9, D10): strict by default, tolerant when asked', () => {
  it('D10: iterate() yields the first page, then throws a PaginationError naming the offset of the repeated page', async () => {
    const queries = repeatingList()
    const seen: string[] = []
    const walk = async () => {
      for await (const session of testClient().sessions.iterate({ limit: 10 })) seen.push(session.id)
    }
    const error = await walk().catch((e: unknown) => e)
    expect(seen).toEqual(range(0, 10))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error).toMatchObject({
      code: 'invalid_paging',
      what: 'repeated-page',
      offset: 10,
      total: 50,
      operation: 'sessions.list',
      method: 'GET',
      path: '/api/v1/sessions',
      message: `GET ${BASE_URL}/sessions: the page at offset 10 repeats sessions already read; stopped`,
    })
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '10'])
  })

  it('D10: all() rejects with the PaginationError; safe() gives it with the answer of the page it stopped at', async () => {
    repeatingList()
    await expect(testClient().sessions.all({ limit: 10 })).rejects.toBeInstanceOf(PaginationError)
    const { data, error, response } = await testClient().sessions.all({ limit: 10 }).safe()
    expect(data).toBeUndefined()
    expect(error?.code === 'invalid_paging' && [error.what, error.offset]).toEqual(['repeated-page', 10])
    expect(response?.url).toContain('offset=10')
  })

  it("D10: { pages: 'tolerant' } stops quietly at the repeated page with what came before, iterate() and all() alike", async () => {
    const queries = repeatingList()
    const sessions = await testClient().sessions.all({ limit: 10 }, { pages: 'tolerant' })
    expect(sessions.map((s) => s.id)).toEqual(range(0, 10))
    const seen: string[] = []
    for await (const session of testClient().sessions.iterate({ limit: 10 }, { pages: 'tolerant' }))
      seen.push(session.id)
    expect(seen).toEqual(range(0, 10))
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '10', '0', '10'])
  })

  it('D9: a page that brings more sessions than meta.total: a PaginationError, that page not yielded; tolerant stops at the total', async () => {
    fakeList(
      () => range(0, 25),
      () => ({ total: 15 }),
    )
    const seen: string[] = []
    const walk = async () => {
      for await (const session of testClient().sessions.iterate({ limit: 10 })) seen.push(session.id)
    }
    const error = await walk().catch((e: unknown) => e)
    expect(seen).toEqual(range(0, 10))
    expect(error).toMatchObject({
      what: 'over-total',
      offset: 10,
      message: `GET ${BASE_URL}/sessions: the page at offset 10 brings more sessions than the first page's total of 15; stopped`,
    })
    const tolerant = await testClient().sessions.all({ limit: 10 }, { pages: 'tolerant' })
    expect(tolerant).toHaveLength(20)
  })

  it('D9: an answer with no meta.total (not validated): a PaginationError before any session; tolerant reads that one page', async () => {
    const queries = fakeList(
      () => range(0, 25),
      () => ({ total: undefined }),
    )
    const client = testClient({ validate: false })
    const { error } = await client.sessions.all({ limit: 10 }).safe()
    expect(error).toMatchObject({
      what: 'no-total',
      offset: 0,
      message: `GET ${BASE_URL}/sessions: the page at offset 0 has no meta.total, so the end of the list is unknown; stopped`,
    })
    expect(await client.sessions.all({ limit: 10 }, { pages: 'tolerant' })).toHaveLength(10)
    expect(queries).toHaveLength(2)
  })

  it("D9: with validation on, a missing meta.total is the contract check's ResponseValidationError, as before", async () => {
    fakeList(
      () => range(0, 5),
      () => ({ total: undefined }),
    )
    const { error } = await testClient().sessions.all().safe()
    expect(error?.code).toBe('invalid_answer')
  })
})

type Item = { id: number }
const at = { operation: 'sessions.list', method: 'GET', path: '/api/v1/sessions', url: `${BASE_URL}/sessions` } as const

// A list of `size` items read in pages of `limit`, as a server that keeps its word answers.
const honest =
  (size: number, limit: number, total: unknown = size) =>
  async (offset: number): Promise<WalkedPage<Item>> => ({
    data: Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, index) => ({ id: offset + index })),
    total,
    request: at,
  })

async function walked(read: (offset: number) => Promise<WalkedPage<Item>>, offset = 0) {
  const items: Item[] = []
  const reads: number[] = []
  const counted = (from: number) => {
    reads.push(from)
    return read(from)
  }
  try {
    for await (const item of walkPages(counted, { offset })) items.push(item)
    return { items, reads, error: undefined }
  } catch (error) {
    return { items, reads, error: error as PaginationError }
  }
}

describe('walkPages: the one walk, over any list read by offset (D9, D10)', () => {
  it('reads pages until the total, no page past it; an empty list is one read; a start offset counts', async () => {
    expect(await walked(honest(5, 2))).toMatchObject({ reads: [0, 2, 4], error: undefined })
    expect((await walked(honest(5, 2))).items).toHaveLength(5)
    expect(await walked(honest(0, 2))).toMatchObject({ items: [], reads: [0], error: undefined })
    expect(await walked(honest(5, 2), 3)).toMatchObject({ items: [{ id: 3 }, { id: 4 }], reads: [3] })
  })

  it('D10: a server that repeats its page and claims a billion items: stopped at the second page', async () => {
    const liar = async () => ({ data: [{ id: 0 }, { id: 1 }], total: 1e9, request: at })
    const { items, reads, error } = await walked(liar)
    expect(items).toEqual([{ id: 0 }, { id: 1 }])
    expect(reads).toEqual([0, 2])
    expect(error).toBeInstanceOf(PaginationError)
    expect(error?.message).toBe(`GET ${BASE_URL}/sessions: the page at offset 2 repeats items already read; stopped`)
  })

  it('D9: a total that grows with every page: stopped once more items came than the first page said; at the total, not', async () => {
    let total = 3
    const growing = async (offset: number) => ({ ...(await honest(1e6, 2)(offset)), total: total++ })
    const { items, error } = await walked(growing)
    expect(items).toHaveLength(2)
    expect(error).toMatchObject({ what: 'over-total', offset: 2, total: 3 })
    expect(await walked(honest(4, 2, 4))).toMatchObject({ reads: [0, 2], error: undefined })
  })

  it('D9: no meta.total: stopped at the first page, the end of the list unknown', async () => {
    const { items, error } = await walked(honest(5, 2, null))
    expect(items).toEqual([])
    expect(error).toMatchObject({ what: 'no-total', offset: 0 })
  })

  it(`D9: one item a page after a full first page: stopped after the first total's pages plus ${EXTRA_PAGES}, not a read per item`, async () => {
    const dribbling = async (offset: number) => {
      const data = Array.from({ length: offset === 0 ? 10 : 1 }, (_, index) => ({ id: offset + index }))
      return { data, total: 100, request: at }
    }
    const { items, reads, error } = await walked(dribbling)
    expect(reads).toHaveLength(100 / 10 + EXTRA_PAGES)
    expect(items).toHaveLength(10 + reads.length - 1)
    expect(error).toMatchObject({ what: 'too-many-pages', offset: items.length })
    expect(error?.message).toBe(
      `GET ${BASE_URL}/sessions: 12 pages read and the list goes on at offset 21, past what the first page's total of 100 calls for; stopped`,
    )
  })

  it('tolerant: a repeated page ends the walk quietly with the items read', async () => {
    const liar = async () => ({ data: [{ id: 0 }, { id: 1 }], total: 1e9, request: at })
    const items: Item[] = []
    for await (const item of walkPages(liar, { pages: 'tolerant' })) items.push(item)
    expect(items).toEqual([{ id: 0 }, { id: 1 }])
  })
})

describe('a list page goes on by itself', () => {
  it('hasNextPage() and nextPage() walk the list with the same query, offset moved by the page', async () => {
    const queries = fakeList(() => range(0, 25))
    const seen: string[] = []
    let page = await testClient().sessions.list({ limit: 10, kind: 'ableton' })
    seen.push(...page.data.map((s) => s.id))
    while (page.hasNextPage()) {
      page = await page.nextPage()
      seen.push(...page.data.map((s) => s.id))
    }
    expect(seen).toEqual(range(0, 25))
    expect(queries.map((q) => [q.get('offset'), q.get('limit'), q.get('kind')])).toEqual([
      [null, '10', 'ableton'],
      ['10', '10', 'ableton'],
      ['20', '10', 'ableton'],
    ])
  })

  it('the last page has no next page: nextPage() sends nothing and rejects with a NoNextPageError, seen by catch() and safe()', async () => {
    const queries = fakeList(() => range(0, 3))
    const page = await testClient().sessions.list({ limit: 3 })
    expect(page.hasNextPage()).toBe(false)
    const caught = await page.nextPage().catch((error: unknown) => error)
    expect(caught).toBeInstanceOf(NoNextPageError)
    expect(caught).toMatchObject({
      code: 'no_next_page',
      offset: 0,
      operation: 'sessions.list',
      path: '/api/v1/sessions',
    })
    const { data, error, response } = await page.nextPage().safe()
    expect([data, response]).toEqual([undefined, undefined])
    expect(error?.code === 'no_next_page' && error.message).toBe(
      'sessions.list: no page after the one at offset 0 (total 3)',
    )
    expect(queries).toHaveLength(1)
  })

  it('a last page nobody calls nextPage() on leaves no unhandled rejection', async () => {
    fakeList(() => range(0, 3))
    const unhandled: unknown[] = []
    const record = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', record)
    try {
      const page = await testClient().sessions.list({ limit: 3 })
      expect(page.hasNextPage()).toBe(false)
      // Node reports an unhandled rejection once the microtasks have run: a macrotask later.
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('unhandledRejection', record)
    }
    expect(unhandled).toEqual([])
  })

  it('the page methods are not enumerable: the page serialises as the answer', async () => {
    fakeList(() => range(0, 2))
    const page = await testClient().sessions.list()
    expect(Object.keys(page)).toEqual(['data', 'meta'])
    expect(JSON.parse(JSON.stringify(page)).meta).toEqual({ total: 2, limit: 50, offset: 0 })
  })

  it('all().safe() settles with the error instead of throwing, and with the data when every page came', async () => {
    fakeList(() => range(0, 12))
    const ok = await testClient().sessions.all({ limit: 5 }).safe()
    expect(ok.data?.map((s) => s.id)).toEqual(range(0, 12))
    expect(ok.response?.status).toBe(200)
    server.use(
      http.get(api('/sessions'), () =>
        HttpResponse.json({ error: { status: 404, code: 'not_found', message: 'gone' } }, { status: 404 }),
      ),
    )
    const failed = await testClient().sessions.all().safe()
    expect(failed.error?.code).toBe('not_found')
    expect(failed.response?.status).toBe(404)
  })

  it('all() of an empty list resolves to [] with the answer of its only page', async () => {
    fakeList(() => [])
    const { data, response } = await testClient().sessions.all().withResponse()
    expect(data).toEqual([])
    expect(response.status).toBe(200)
  })
})

describe('an abort between two items', () => {
  it('iterate() stops at the next item of a page already read, with an AbortedError holding the reason', async () => {
    const queries = fakeList(() => range(0, 25))
    const controller = new AbortController()
    const seen: string[] = []
    const reason = new Error('enough')
    const walk = async () => {
      for await (const session of testClient().sessions.iterate({ limit: 10 }, { signal: controller.signal })) {
        seen.push(session.id)
        if (seen.length === 3) controller.abort(reason)
      }
    }
    const error = await walk().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect(error).toMatchObject({ reason, operation: 'sessions.list', path: '/api/v1/sessions' })
    expect(seen).toEqual(range(0, 3))
    expect(queries).toHaveLength(1)
  })

  it('all() rejects with the AbortedError when the signal aborts once the last page is read', async () => {
    const controller = new AbortController()
    // A fetch of the caller's own whose answer is already in memory: no read that the abort could stop.
    const fetch = async () => {
      controller.abort()
      return Response.json({ data: [sessionAnswer('ses_0')], meta: { total: 1, limit: 1, offset: 0 } })
    }
    const client = new SessionLibrary({ token: TOKEN, baseUrl: BASE_URL, fetch })
    const { error } = await client.sessions.all({ limit: 1 }, { signal: controller.signal }).safe()
    expect(error).toBeInstanceOf(AbortedError)
  })
})
