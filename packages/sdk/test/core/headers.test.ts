import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { redactHeaders } from '../../src/index.js'
import { healthAnswer, TOKEN } from '../support/fixtures.js'
import { counted, testClient, useServer } from '../support/server.js'

const server = useServer()

describe('redaction (D2): what the logger never shows', () => {
  const secrets = {
    Cookie: 'session=cookie-value-1',
    'Proxy-Authorization': 'Basic cHJveHktc2VjcmV0',
    'X-Api-Key': 'api-key-value-2',
    'X-Session-Token': 'token-value-3',
    'X-Client-Secret': 'secret-value-4',
    'X-Tenant': 'tenant-value-5',
  }

  it('hides Authorization, Cookie, Set-Cookie, Proxy-Authorization, *key*, *token*, *secret* and named headers', async () => {
    const lines: string[] = []
    const logger = { debug: (message: string, details: object) => lines.push(`${message} ${JSON.stringify(details)}`) }
    const { handler } = counted('get', '/health', () =>
      HttpResponse.json(
        { data: healthAnswer },
        { headers: { 'set-cookie': 'sid=set-cookie-value-6', 'x-seen': 'ok' } },
      ),
    )
    server.use(handler)
    await testClient({ logger, headers: secrets, redact: ['x-tenant'] }).health({ headers: { 'x-trace': 'trace-1' } })
    const log = lines.join('\n')
    for (const value of [TOKEN, ...Object.values(secrets), 'set-cookie-value-6']) expect(log).not.toContain(value)
    expect(log).toContain('"authorization":"Bearer [redacted]"')
    expect(log).toContain('"proxy-authorization":"Basic [redacted]"')
    expect(log).toContain('"x-api-key":"[redacted]"')
    expect(log).toContain('"cookie":"[redacted]"')
    expect(log).toContain('"set-cookie":"[redacted]"')
    expect(log).toContain('"x-trace":"trace-1"')
    expect(log).toContain('"x-seen":"ok"')
  })

  it('redactHeaders matches names whatever their case and leaves other headers as they are', () => {
    const headers = new Headers({ 'X-API-KEY': 'k', 'X-Monkey-Id': 'm', Accept: 'application/json', 'X-Mine': 'v' })
    expect(redactHeaders(headers, ['X-MINE'])).toEqual({
      accept: 'application/json',
      'x-api-key': '[redacted]',
      // "monkey" contains "key": the rule errs on the side of hiding.
      'x-monkey-id': '[redacted]',
      'x-mine': '[redacted]',
    })
  })

  it('D2: an Authorization without a known scheme word is hidden whole (the mock journal shows the same rule)', () => {
    expect(redactHeaders({ Authorization: 'raw-secret', 'Proxy-Authorization': 'Digest x' })).toEqual({
      authorization: '[redacted]',
      'proxy-authorization': 'Digest [redacted]',
    })
  })
})

describe('headers: one rule for the client and the call, names compared case-insensitively', () => {
  const sent = async (client: ReturnType<typeof testClient>, headers?: Record<string, string>) => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.json({ data: healthAnswer }))
    server.use(handler)
    await client.health({ headers })
    return calls[0]!.headers
  }

  it("a client-level Authorization replaces the token's, in any case", async () => {
    const headers = await sent(testClient({ headers: { AUTHORIZATION: 'Basic Y2xpZW50' } }))
    expect(headers.get('authorization')).toBe('Basic Y2xpZW50')
  })

  it("a call's Authorization replaces the client's and the token's", async () => {
    const client = testClient({ headers: { Authorization: 'Basic Y2xpZW50' } })
    expect((await sent(client, { authorization: 'Bearer call' })).get('authorization')).toBe('Bearer call')
    expect((await sent(testClient(), { Authorization: 'Bearer call' })).get('authorization')).toBe('Bearer call')
  })

  it("a call's header replaces the client's of the same name; the others stay", async () => {
    const client = testClient({ headers: { 'X-Team': 'a', 'X-Keep': 'k' } })
    const headers = await sent(client, { 'x-team': 'b', Accept: 'application/problem+json, application/json' })
    expect([headers.get('x-team'), headers.get('x-keep')]).toEqual(['b', 'k'])
    expect(headers.get('accept')).toBe('application/problem+json, application/json')
    expect(headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
  })
})
