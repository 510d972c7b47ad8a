import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { AbortedError, DEFAULT_PAGE_SIZE, EXTRA_PAGES, NoNextPageError, SessionLibrary } from '../../src/index.js'
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

  it(`ask for pages of ${DEFAULT_PAGE_SIZE} by default and start at the query offset`, async () => {
    const queries = fakeList(() => range(0, 130))
    const sessions = await testClient().sessions.all({ offset: 5 })
    expect(sessions).toHaveLength(125)
    expect(queries.map((q) => [q.get('limit'), q.get('offset')])).toEqual([
      ['100', '5'],
      ['100', '105'],
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

  it(`never ask for more than the first total's pages plus ${EXTRA_PAGES}, however the library grows`, async () => {
    let next = 0
    const queries = fakeList(() => {
      next += 10
      return range(0, 20 + next)
    })
    await testClient().sessions.all({ limit: 10 })
    expect(queries).toHaveLength(Math.ceil(30 / 10) + EXTRA_PAGES)
  })

  it('D10: stop at a page that repeats one already read (a server that ignores offset), without throwing', async () => {
    const queries: URLSearchParams[] = []
    server.use(
      http.get(api('/sessions'), ({ request }) => {
        queries.push(new URL(request.url).searchParams)
        const data = range(0, 10).map((id) => sessionAnswer(id))
        return HttpResponse.json({ data, meta: { total: 50, limit: 10, offset: 0 } })
      }),
    )
    const sessions = await testClient().sessions.all({ limit: 10 })
    expect(sessions.map((s) => s.id)).toEqual(range(0, 10))
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '10'])
  })

  it('stop early when the caller breaks out of the loop', async () => {
    const queries = fakeList(() => range(0, 100))
    for await (const session of testClient().sessions.iterate({ limit: 10 })) {
      if (session.id === 'ses_3') break
    }
    expect(queries).toHaveLength(1)
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
