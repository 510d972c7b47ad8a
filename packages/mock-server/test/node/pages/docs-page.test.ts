import { operations } from '@session-library/schemas'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserSuite, hasChromium, launchChromium } from '../../../../../test-support/chromium.js'
import { watchPage } from '../../../../../test-support/mock-pages.js'
import { useSuiteServer } from '../suite-server.js'

const TOKEN = 'docs-page-token'

const server = useSuiteServer({ token: TOKEN, sessions: 3 })

describe('/docs over HTTP', () => {
  it('answers 304 to an asset asked again with its ETag', async () => {
    const url = `${server().origin}/docs/assets/swagger-ui.css`
    const first = await fetch(url)
    await first.arrayBuffer()
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^".+"$/)
    const again = await fetch(url, { headers: { 'If-None-Match': etag as string } })
    expect([again.status, again.headers.get('ETag')]).toEqual([304, etag])
  })

  it('D18: opens no other file of swagger-ui-dist nor anything else under /docs (404 in the envelope)', async () => {
    for (const path of [
      '/docs/assets/index.html',
      '/docs/assets/swagger-initializer.js',
      '/docs/assets/../package.json',
      '/docs/assets/%2e%2e/package.json',
      '/docs/other',
    ]) {
      const answer = await fetch(`${server().origin}${path}`)
      expect([path, answer.status]).toEqual([path, 404])
      expect(await answer.json()).toMatchObject({ error: { code: 'not_found' } })
    }
  })
})

describe.skipIf(!hasChromium)(browserSuite('/docs in a browser'), () => {
  let browser: Browser
  let page: Page
  const consoleErrors: string[] = []
  const foreignRequests: string[] = []

  beforeAll(async () => {
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    watchPage(page, server().origin, consoleErrors, foreignRequests)
    await page.goto(`${server().origin}/docs`)
    await page.locator('.opblock').first().waitFor()
  })
  afterAll(() => browser?.close())

  it('D17: the page at docsUrl renders every operation of the contract, without a console error', async () => {
    const health = await fetch(`${server().url}/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect((await health.json()).data.docsUrl).toBe(page.url())
    await expect(page.title()).resolves.toBe('Session Library automation API')
    const shown = await page.locator('.opblock-summary-operation-id').allTextContents()
    expect(shown.sort()).toEqual(operations.map((operation) => operation.name).sort())
    expect(consoleErrors).toEqual([])
  })

  it('D2: "Try it out" of GET /health with the token pasted in Authorize answers 200 from this mock', async () => {
    await page.locator('button.authorize').first().click()
    await page.locator('.modal-ux input').fill(TOKEN)
    await page.locator('.modal-ux button[type="submit"]').click()
    await page.locator('.modal-ux button.btn-done').click()
    const operation = page.locator('.opblock', {
      has: page.locator('.opblock-summary-operation-id', { hasText: /^health\.get$/ }),
    })
    await operation.locator('.opblock-summary-control').click()
    await operation.locator('button.try-out__btn').click()
    const healthCalls = () =>
      server()
        .api.journal()
        .filter((entry) => entry.operation === 'health.get')
    const before = healthCalls().length
    await operation.locator('button.execute').click()
    const status = operation.locator('.live-responses-table .response .response-col_status')
    await expect(status.textContent()).resolves.toMatch(/^\s*200\b/)
    await expect(
      operation.locator('.live-responses-table .response .response-col_description').textContent(),
    ).resolves.toContain('"running": true')
    expect(
      healthCalls()
        .slice(before)
        .map((entry) => entry.statusCode),
    ).toEqual([200])
    expect([consoleErrors, foreignRequests]).toEqual([[], []])
  })
})
