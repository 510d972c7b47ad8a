import { ERRORS } from '@session-library/schemas'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserSuite, hasChromium, launchChromium } from '../../test-support/chromium.js'
import type { PageResults } from './browser/page.js'
import { bundlePage, type PageBundle, type PageServer, servePage } from './browser/serve-page.js'

let bundle: PageBundle

beforeAll(async () => {
  bundle = await bundlePage()
})

describe('the page bundle', () => {
  it('bundles the mock, msw/browser and the SDK for the browser with no node: import', () => {
    expect(bundle.inputs.filter((path) => path.startsWith('node:'))).toEqual([])
    expect(bundle.code).not.toMatch(/["']node:/)
    expect(bundle.code).toContain('createMockApi')
  })
})

describe.skipIf(!hasChromium)(browserSuite('the mock and the SDK in Chromium'), () => {
  let browser: Browser
  let server: PageServer
  let results: PageResults
  const consoleErrors: string[] = []

  beforeAll(async () => {
    server = await servePage(bundle.code)
    browser = await launchChromium()
    const page = await browser.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => consoleErrors.push(error.message))
    await page.goto(`${server.origin}/`)
    await page.waitForFunction(() => window.__results !== undefined, undefined, { timeout: 10_000 })
    results = (await page.evaluate(() => window.__results)) as PageResults
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('D17: setupWorker answers the SDK: health 200 with the modes, no console error but the 403', () => {
    expect(results.failure).toBeUndefined()
    expect(results.health).toMatchObject({
      status: 'ok',
      running: true,
      configuredMode: 'full-automation',
      effectiveMode: 'full-automation',
    })
    expect(results.statuses).toEqual(['GET 200', 'GET 200', 'POST 201', 'DELETE 403'])
    // Chromium logs every error status it receives, the service worker's too: the 403 is expected.
    expect(consoleErrors).toEqual([
      `Failed to load resource: the server responded with a status of ${ERRORS.read_only.status} ()`,
    ])
  })

  it('D9, D5: lists a page with its meta and creates a session', () => {
    expect(results.list?.meta).toEqual({ total: 5, limit: 2, offset: 0 })
    expect(results.list?.ids).toHaveLength(2)
    expect(results.created).toMatchObject({ title: 'Night Drive', kind: 'ableton' })
    expect(results.list?.ids).not.toContain((results.created as { id: string }).id)
  })

  it('D1: read-only mode rejects the delete with a typed ForbiddenError, read_only', () => {
    expect(results.readOnly).toEqual({
      name: 'ForbiddenError',
      isForbidden: true,
      status: ERRORS.read_only.status,
      code: 'read_only',
      serverMessage: ERRORS.read_only.message,
    })
  })

  it('the service worker answered every API call: none reached the static server', () => {
    expect(server.requested.filter((path) => path.startsWith('/api/'))).toEqual([])
    expect(server.requested).toEqual(expect.arrayContaining(['/', '/page.js', '/mockServiceWorker.js']))
  })
})
