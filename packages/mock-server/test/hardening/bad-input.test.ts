import { exactErrorEnvelope } from '@session-library/schemas'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/node.js'
import { rawRequest, untilClosed } from '../node/transport/raw-http.js'
import { NOW } from '../support/harness.js'
import {
  brokenBody,
  type FieldType,
  hostileKey,
  hostileValue,
  jsonText,
  withKey,
  wrongValue,
} from '../support/hostile.js'
import { libraryOf, withPreviews } from '../support/library.js'

// Bad input at the HTTP level, against the standalone server: whatever arrives, the answer is never
// a 5xx, always JSON, the connection is never dropped, the library never changes, and no
// prototype is polluted.

const TOKEN = 'bad-input-token'
const ID = 'ses_target'
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort()

let server: RunningServer
beforeAll(async () => {
  const library = libraryOf([withPreviews({ id: ID, title: 'Target', tags: ['a'] }), { title: 'Other' }])
  server = await startServer({ port: 0, token: TOKEN, library, now: NOW, importDelay: 0 })
})
afterAll(() => server.close())

interface Probe {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Uint8Array
}

/** Sends one request and asserts that it did no harm; resolves with the status. */
async function expectHarmless({ method, path, headers = {}, body }: Probe): Promise<number> {
  const before = server.api.snapshot()
  const all = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers }
  const answer = await rawRequest(server.origin, path, { method, headers: all, body })
  expect(answer.status, answer.text).toBeLessThan(500)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  const json = answer.json()
  if (answer.status >= 400) expect(exactErrorEnvelope.safeParse(json).success, answer.text).toBe(true)
  expect(server.api.snapshot()).toEqual(before)
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  return answer.status
}

interface Target {
  method: string
  path: string
  valid: Record<string, unknown>
  fields: Record<string, FieldType>
}

const sessionFields: Record<string, FieldType> = {
  title: 'string',
  kind: 'string',
  status: 'string',
  accent: 'string',
  tags: 'strings',
  notes: 'string',
  projectPath: 'string',
}

const targets: Target[] = [
  { method: 'POST', path: '/sessions', valid: { title: 'T', tags: ['a'] }, fields: sessionFields },
  { method: 'PATCH', path: `/sessions/${ID}`, valid: { title: 'T' }, fields: sessionFields },
  { method: 'PUT', path: `/sessions/${ID}/tags`, valid: { tags: ['b'] }, fields: { tags: 'strings' } },
  { method: 'PATCH', path: `/sessions/${ID}/notes`, valid: { notes: 'n' }, fields: { notes: 'string' } },
  {
    method: 'PUT',
    path: `/sessions/${ID}/waveform-notes`,
    valid: { notes: [{ timestamp: 1, text: 'x' }] },
    fields: { notes: 'objects', 'notes.0.timestamp': 'number', 'notes.0.text': 'string', 'notes.0.id': 'string' },
  },
  {
    method: 'POST',
    path: '/import',
    valid: { items: [{ projectPath: '/new/x.als' }] },
    fields: {
      items: 'objects',
      'items.0.projectPath': 'string',
      'items.0.title': 'string',
      generatePreviews: 'boolean',
    },
  },
]

/** A copy of `body` with the value at a dotted path (`notes.0.text`) replaced. */
function setAt(body: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path as [string, ...string[]]
  const copy = structuredClone(body) as Record<string, unknown>
  return rest.length === 0 ? withKey(copy, key, value) : withKey(copy, key, setAt(copy[key], rest, value))
}

const target = fc.constantFrom(...targets)

const wrongType = target.chain((t) =>
  fc
    .constantFrom(...Object.entries(t.fields))
    .chain(([field, type]) =>
      wrongValue[type].map((value) => ({ t, body: jsonText(setAt(t.valid, field.split('.'), value)) })),
    ),
)

// Unknown and prototype keys, at the top of the body or inside its first nested object.
const extraKey = fc.tuple(target, hostileKey, hostileValue, fc.boolean()).map(([t, key, value, nested]) => {
  const inner = Object.keys(t.fields)
    .find((field) => field.includes('.'))
    ?.split('.')
    .slice(0, 2)
  const path = nested && inner ? [...inner, key] : [key]
  return { t, body: jsonText(setAt(t.valid, path, value)) }
})

const notAnObject = fc.tuple(target, brokenBody).map(([t, body]) => ({ t, body }))

describe('bad input over HTTP: never a 5xx, a non-JSON answer, a dropped connection or a change', () => {
  it('D4: malformed bodies (wrong types, deep nesting, huge numbers, prototype keys, invalid UTF-8, arrays for objects) are 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(wrongType, extraKey, notAnObject), async ({ t, body }) => {
        expect(await expectHarmless({ method: t.method, path: `/api/v1${t.path}`, body })).toBe(400)
      }),
      { numRuns: 150 },
    )
  })

  const oddIds = fc.oneof(
    fc.constantFrom(
      '..%2f..',
      '..%2F..%2F__mock%2Freset',
      '%2e%2e%2f',
      `${ID}%2F`,
      `${ID}%00`,
      `${ID}%20`,
      'a%2Fb',
      '%252F',
      '%',
      '%zz',
      '%C0%AE%C0%AE',
      '%F0%9F%8E%B5',
      encodeURIComponent('セッション'),
      '__proto__',
      'constructor',
      'a'.repeat(4_000),
      'a'.repeat(20_000),
    ),
    fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
  )

  const idCalls = [
    ['GET', ''],
    ['PATCH', '', { title: 'Pwned' }],
    ['DELETE', ''],
    ['PUT', '/tags', { tags: ['pwned'] }],
    ['PATCH', '/notes', { notes: 'pwned' }],
    ['PUT', '/waveform-notes', { notes: [{ timestamp: 0, text: 'pwned' }] }],
    ['GET', '/preview'],
    ['GET', '/waveform'],
  ] as const

  it('D3: odd ids (encoded dots and slashes, very long, unicode, malformed escapes) touch no session', async () => {
    await fc.assert(
      fc.asyncProperty(oddIds, fc.constantFrom(...idCalls), async (id, [method, suffix, body]) => {
        const status = await expectHarmless({
          method,
          path: `/api/v1/sessions/${id}${suffix}`,
          body: body && JSON.stringify(body),
        })
        expect([200, 400, 404, 431]).toContain(status)
      }),
      { numRuns: 120 },
    )
  })

  const param = fc.tuple(
    fc.constantFrom(
      'limit',
      'offset',
      'sort',
      'tags',
      'q',
      'kind',
      'daw',
      'recent',
      '__proto__',
      'constructor',
      '',
      'tags[]',
    ),
    fc.constantFrom(
      '',
      '1',
      '-1',
      '1e400',
      '99999999999999999999999',
      '%',
      '%zz',
      '%00',
      '__proto__',
      'TRUE',
      '0x10',
      '+1',
      'a,,b',
    ),
  )
  const oddQuery = fc.oneof(
    fc.array(param, { maxLength: 12 }).map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&')),
    fc.constantFrom(
      '',
      '&&&',
      '=',
      '==x',
      `q=${'a'.repeat(12_000)}`,
      'tags=a&'.repeat(1_500),
      `limit=${'9'.repeat(5_000)}`,
    ),
  )

  it('D9–D11: odd query strings (repeated, empty, huge, malformed escapes) are 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        oddQuery,
        fc.constantFrom('/sessions', `/sessions/${ID}/waveform`, '/tags'),
        async (query, path) => {
          expect([200, 400]).toContain(await expectHarmless({ method: 'GET', path: `/api/v1${path}?${query}` }))
        },
      ),
      { numRuns: 100 },
    )
  })

  const oddHeaders: Record<string, string>[] = [
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/json; charset=utf-16' },
    { 'content-type': 'multipart/form-data; boundary=x' },
    { accept: 'text/html' },
    { authorization: `Bearer ${TOKEN} extra` },
    { authorization: `Bearer ${'x'.repeat(8_000)}` },
    { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` },
    { authorization: '' },
    { host: 'LOCALHOST' },
    { host: '127.0.0.1:1' },
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '10.0.0.1' },
    { 'x-http-method-override': 'DELETE' },
    { origin: 'http://evil.example', cookie: 'session=1' },
    { 'content-encoding': 'gzip' },
    { 'x-odd': 'ÿ'.repeat(4_000) },
  ]

  const labelled = oddHeaders.map((headers) => [JSON.stringify(headers).slice(0, 60), headers] as const)

  it.each(labelled)('D2, D18: odd headers %s change nothing and answer JSON', async (_, headers) => {
    await expectHarmless({ method: 'GET', path: `/api/v1/sessions/${ID}`, headers })
    await expectHarmless({ method: 'GET', path: '/api/v1/sessions?limit=1', headers })
    expect(
      await expectHarmless({ method: 'POST', path: '/api/v1/sessions', headers, body: '{"title":' }),
    ).toBeGreaterThanOrEqual(400)
  })

  const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`
  const get = `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`
  const malformedHeads = [
    ['a header line without a colon', head(['GET /api/v1/health HTTP/1.1', 'Host: 127.0.0.1', 'broken'])],
    ['a garbage request line', head(['GARBAGE'])],
    ['a control character in a header', head(['GET /api/v1/health HTTP/1.1', 'Host: 127.0.0.1', 'X: a\u0001b'])],
    [
      'both Content-Length and Transfer-Encoding',
      head(['POST /api/v1/sessions HTTP/1.1', 'Host: 127.0.0.1', 'Content-Length: 5', 'Transfer-Encoding: chunked']),
    ],
    ['a 20 kB request target', head([`GET /api/v1/sessions/${'a'.repeat(20_000)} HTTP/1.1`, 'Host: 127.0.0.1'])],
    ['a malformed head after an answered request on the same connection', `${get}${head(['GARBAGE'])}`],
  ]

  it.each(malformedHeads)(
    'D4: %s is answered with a JSON error envelope, then the connection closes',
    async (_, text) => {
      const before = server.api.snapshot()
      const { received } = await untilClosed(server.port, text)
      const last = received.slice(received.lastIndexOf('HTTP/1.1 '))
      expect(last).toMatch(/^HTTP\/1\.1 4\d\d /)
      expect(last.toLowerCase()).toContain('content-type: application/json')
      const body = JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4))
      expect(exactErrorEnvelope.safeParse(body).success, last).toBe(true)
      expect(body.error.status).toBe(Number(last.slice(9, 12)))
      expect(server.api.snapshot()).toEqual(before)
      expect(
        (await rawRequest(server.origin, '/api/v1/health', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(200)
    },
  )

  it('D4: after all of it, a session is created with exactly its fields: nothing leaked in from a prototype', async () => {
    const answer = await fetch(`${server.url}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{"title":"Clean"}',
    })
    const { data } = (await answer.json()) as { data: Record<string, unknown> }
    expect(Object.keys(data).sort()).toEqual(
      Object.keys(server.api.snapshot().sessions[0] ?? {})
        .filter((k) => k !== 'client')
        .sort(),
    )
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
  })
})
