import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_BASE_URL, SessionLibrary } from '../../src/index.js'
import { healthAnswer, TOKEN } from '../support/fixtures.js'
import { useServer } from '../support/server.js'

const server = useServer()

afterEach(() => {
  vi.unstubAllEnvs()
})

function captureHealth(base: string) {
  const seen: Request[] = []
  server.use(
    http.get(`${base}/health`, ({ request }) => {
      seen.push(request)
      return HttpResponse.json({ data: healthAnswer })
    }),
  )
  return seen
}

describe('configuration', () => {
  it('rejects a missing token at construction with a message that names the option and the variable', () => {
    vi.stubEnv('SESSION_LIBRARY_TOKEN', '')
    expect(() => new SessionLibrary()).toThrow(/token.*SESSION_LIBRARY_TOKEN/)
  })

  it.each([
    '/api/v1',
    'localhost:4777/api/v1',
    '127.0.0.1:4777/api/v1',
    'ftp://files.test/api/v1',
    'http://localhost:99999/api/v1',
  ])('rejects %s at construction, naming it and what to write (http:// or https://)', (baseUrl) => {
    const wrong = () => new SessionLibrary({ token: TOKEN, baseUrl })
    expect(wrong).toThrow(TypeError)
    expect(wrong).toThrow(`baseUrl must be an http:// or https:// URL, such as ${DEFAULT_BASE_URL}: ${baseUrl}`)
  })

  it('defaults the base URL to the mock default address with the contract API prefix', async () => {
    vi.stubEnv('SESSION_LIBRARY_URL', '')
    expect(DEFAULT_BASE_URL).toBe('http://127.0.0.1:4777/api/v1')
    const seen = captureHealth(DEFAULT_BASE_URL)
    await new SessionLibrary({ token: TOKEN }).health()
    expect(seen[0]?.url).toBe(`${DEFAULT_BASE_URL}/health`)
  })

  it('reads SESSION_LIBRARY_TOKEN and SESSION_LIBRARY_URL from the environment', async () => {
    vi.stubEnv('SESSION_LIBRARY_TOKEN', 'env-token')
    vi.stubEnv('SESSION_LIBRARY_URL', 'http://env.test/api/v1/')
    const seen = captureHealth('http://env.test/api/v1')
    await new SessionLibrary().health()
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer env-token')
  })

  it('prefers the options over the environment', async () => {
    vi.stubEnv('SESSION_LIBRARY_TOKEN', 'env-token')
    const seen = captureHealth('http://opt.test/api/v1')
    await new SessionLibrary({ token: 'opt-token', baseUrl: 'http://opt.test/api/v1' }).health()
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer opt-token')
  })

  it('works without process, as in a browser, when the token is given', async () => {
    vi.stubGlobal('process', undefined)
    try {
      expect(() => new SessionLibrary({ token: TOKEN })).not.toThrow()
      expect(() => new SessionLibrary()).toThrow(/token/)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
