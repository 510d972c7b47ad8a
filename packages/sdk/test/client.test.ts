import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { healthAnswer } from './support/fixtures.js'
import { counted, testClient, useServer } from './support/server.js'

const server = useServer()

describe('client.withOptions', () => {
  it('a new client with the options replaced, headers added over the old ones, the token kept', async () => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.json({ data: healthAnswer }))
    server.use(handler)
    const base = testClient({ headers: { 'X-Tenant': 'a', 'x-keep': '1' } })
    const other = base.withOptions({ headers: { 'x-tenant': 'b' }, validate: false })
    expect(other).not.toBe(base)
    await other.health()
    await base.health()
    const sent = calls.map((request) => [request.headers.get('x-tenant'), request.headers.get('x-keep')])
    expect(sent).toEqual([
      ['b', '1'],
      ['a', '1'],
    ])
    expect(calls[0]?.headers.get('authorization')).toBe(calls[1]?.headers.get('authorization'))
  })

  it('an option given replaces the old one for the new client only', async () => {
    server.use(counted('get', '/health', () => new Promise<Response>(() => {})).handler)
    const base = testClient({ timeout: 5_000 })
    await expect(base.withOptions({ timeout: 30 }).health()).rejects.toMatchObject({
      name: 'TimeoutError',
      timeout: 30,
    })
  })
})
