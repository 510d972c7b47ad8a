import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bundleForBrowser } from '../support/bundle.js'

const request = { operation: 'health.get', method: 'GET', path: '/api/v1/health', url: 'http://h.test/api/v1/health' }
const details = { status: 500, code: 'internal_error', message: 'x', body: null }
const API_ERRORS = [
  'ApiError',
  'BadRequestError',
  'UnauthorizedError',
  'ForbiddenError',
  'NotFoundError',
  'PayloadTooLargeError',
  'RateLimitError',
  'NotImplementedError',
  'ServerError',
]

describe('error names in a minified bundle', () => {
  it('every error class keeps its name when esbuild minifies the SDK (names are set, not read from the class)', async () => {
    const { code } = await bundleForBrowser(`export * from '@session-library/sdk'`)
    // The minifier renamed the classes: reading `constructor.name` would give a one-letter name.
    expect(code).not.toMatch(/class NotFoundError\b/)
    const folder = await mkdtemp(join(tmpdir(), 'sdk-names-'))
    try {
      const file = join(folder, 'sdk.mjs')
      await writeFile(file, code)
      const sdk = await import(pathToFileURL(file).href)
      const built = [
        ...API_ERRORS.map((name) => new sdk[name](details, request)),
        new sdk.SessionLibraryError('x', request),
        new sdk.NetworkError(request, new TypeError('fetch failed')),
        new sdk.TimeoutError(10, request),
        new sdk.AbortedError('why', request),
        new sdk.ResponseValidationError(['x'], null, request),
        new sdk.NoNextPageError(0, 1, new Response(null)),
        new sdk.PaginationError('repeated-page', 0, request),
      ]
      expect(built.map((error) => error.name)).toEqual([
        ...API_ERRORS,
        'SessionLibraryError',
        'NetworkError',
        'TimeoutError',
        'AbortedError',
        'ResponseValidationError',
        'NoNextPageError',
        'PaginationError',
      ])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
