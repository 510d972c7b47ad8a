import { describe, expect, it } from 'vitest'
import {
  API_PREFIX,
  apiPath,
  buildPath,
  findRoute,
  matchOperation,
  matchPath,
  operationParamNames,
  operationPath,
  operations,
  pathParamNames,
  queryInput,
  searchParams,
} from '../src/index.js'

const oddIds = [
  'a/b',
  '..%2f..',
  '../..',
  '...',
  'ünïcødé-🎵-曲',
  'two words',
  '100%',
  '%2F',
  'a?b#c&d=e',
  '+;,=:@',
  'x'.repeat(5_000),
].map((id) => [id.length > 40 ? `${id.slice(0, 8)}… (${id.length} characters)` : id, id] as const)

// What a client's URL parser makes of a built path; a dot segment or a `%2F` would change it.
const asSent = (path: string) => new URL(`${API_PREFIX}${path}`, 'http://127.0.0.1').pathname.slice(API_PREFIX.length)

describe('buildPath and matchPath', () => {
  it.each(oddIds)('keeps the id %j one segment that a URL parser leaves alone and that matches back', (_, id) => {
    const path = operationPath('tags.get', { id })
    expect(path.split('/')).toHaveLength(4)
    expect(asSent(path)).toBe(path)
    expect(matchPath('/sessions/{id}/tags', path)).toEqual({ id })
  })

  it.each(['.', '..'])('throws on the id %j, which a URL parser would resolve to another operation', (id) => {
    expect(() => buildPath('/sessions/{id}/tags', { id })).toThrow(TypeError)
    expect(asSent(`/sessions/${id}/tags`)).not.toMatch(/^\/sessions\/[^/]+\/tags$/)
  })

  it('throws on a missing parameter', () => {
    expect(() => buildPath('/sessions/{id}', {} as { id: string })).toThrow(/missing path parameter "id"/)
  })

  it.each(['%', '%zz', '%E0%A4%A', '%C3', 'a%2'])('never matches the malformed encoding %j', (segment) => {
    expect(matchPath('/sessions/{id}', `/sessions/${segment}`)).toBeUndefined()
    expect(matchOperation('GET', `/sessions/${segment}/notes`)).toEqual({ allowed: [] })
  })

  it.each(['/sessions/', '/sessions//tags', '/sessions/a/', '/sessions/a/b', '/sessions/a/tags/x', 'sessions/a'])(
    'never matches the path %j against /sessions/{id} or /sessions/{id}/tags',
    (path) => {
      expect(matchPath('/sessions/{id}', path)).toBeUndefined()
      expect(matchPath('/sessions/{id}/tags', path)).toBeUndefined()
    },
  )

  it('lists the placeholders of a template in order', () => {
    expect(pathParamNames('/sessions/{id}/waveform-notes')).toEqual(['id'])
    expect(pathParamNames('/a/{x}/b/{y}')).toEqual(['x', 'y'])
    expect(operationParamNames('health.get')).toEqual([])
    expect(operationParamNames('waveformNotes.put')).toEqual(['id'])
  })

  it('SPEC §1: puts every path under /api/v1', () => {
    expect(API_PREFIX).toBe('/api/v1')
  })
})

describe('matchOperation', () => {
  it('reads a request pathname through apiPath: under /api/v1 only, still encoded', () => {
    expect(apiPath('/api/v1/sessions/a%2Fb')).toBe('/sessions/a%2Fb')
    expect(matchOperation('GET', apiPath('/api/v1/sessions/a%2Fb') ?? '').params).toEqual({ id: 'a/b' })
    expect(apiPath('/api/v1')).toBe('')
    expect(apiPath('/api/v10/sessions')).toBeUndefined()
    expect(apiPath('/sessions')).toBeUndefined()
  })

  it.each(operations.map((op) => [op.name, op] as const))('resolves the path of %s back to it', (_name, op) => {
    const path = buildPath(op.path, { id: 'ses 1/ü' })
    const route = matchOperation(op.method.toLowerCase(), path)
    expect(route.operation).toBe(op)
    expect(route.params).toEqual(op.path.includes('{id}') ? { id: 'ses 1/ü' } : {})
  })

  it('D3: GET waveform-notes is not an operation; the path allows PUT and PATCH', () => {
    expect(matchOperation('GET', '/sessions/ses_1/waveform-notes')).toEqual({ allowed: ['PUT', 'PATCH'] })
  })

  it.each([
    ['DELETE', '/health', ['GET']],
    ['PUT', '/sessions', ['GET', 'POST']],
    ['POST', '/sessions/ses_1', ['GET', 'PATCH', 'DELETE']],
    ['HEAD', '/tags', ['GET']],
    ['GET', '/import', ['POST']],
  ])('D3: %s %s is no operation and lists the allowed methods', (method, path, allowed) => {
    expect(matchOperation(method, path)).toEqual({ allowed })
  })

  it.each(['/', '', '/session', '/sessions/ses_1/comments', '/api/v1/health', '/health/'])(
    'D3: the unknown path %j allows no method',
    (path) => {
      expect(matchOperation('GET', path)).toEqual({ allowed: [] })
    },
  )
})

describe('findRoute: the one router of the operations, the control surface and the pages', () => {
  const routes = [
    { method: 'GET', path: '/faults' },
    { method: 'POST', path: '/faults' },
    { method: '*', path: '/assets/{name}' },
  ]

  it('finds the route of the method, any method for *, with its decoded parameters', () => {
    expect(findRoute(routes, 'post', '/faults')).toEqual({ route: routes[1], params: {} })
    expect(findRoute(routes, 'DELETE', '/assets/a%20b.css')).toEqual({ route: routes[2], params: { name: 'a b.css' } })
  })

  it('names the methods a known path has, and none for an unknown path (D3: 404 route not found)', () => {
    expect(findRoute(routes, 'PUT', '/faults')).toEqual({ allowed: ['GET', 'POST'] })
    expect(findRoute(routes, 'GET', '/faults/x')).toEqual({ allowed: [] })
  })

  it("takes the table's first match among templates of any length: a literal before a parameter", () => {
    const table = [
      { method: 'GET', path: '/sessions' },
      { method: 'GET', path: '/sessions/tags' },
      { method: 'PATCH', path: '/sessions/{id}' },
      { method: 'GET', path: '/sessions/{id}' },
      { method: 'GET', path: '/sessions/{id}/notes' },
    ]
    expect(findRoute(table, 'GET', '/sessions/tags').route).toBe(table[1])
    expect(findRoute(table, 'GET', '/sessions/ses_a')).toEqual({ route: table[3], params: { id: 'ses_a' } })
    expect(findRoute(table, 'GET', '/sessions/ses_a/notes').route).toBe(table[4])
    expect(findRoute(table, 'PUT', '/sessions/ses_a')).toEqual({ allowed: ['PATCH', 'GET'] })
    expect(findRoute(table, 'GET', '/sessions/ses_a/notes/x')).toEqual({ allowed: [] })
  })
})

describe('searchParams', () => {
  it('sends a list one parameter per item, leaves undefined out, and reads back with queryInput', () => {
    const params = searchParams({ tags: ['drums', 'vox'], limit: 5, recent: false, q: undefined })
    expect(params.toString()).toBe('tags=drums&tags=vox&limit=5&recent=false')
    expect(queryInput(params)).toEqual({ tags: ['drums', 'vox'], limit: '5', recent: 'false' })
  })
})
