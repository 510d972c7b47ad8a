import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserSuite, hasChromium, launchChromium } from '../../../../../test-support/chromium.js'
import { connectDashboard, openSessionByTitle, watchPage } from '../../../../../test-support/mock-pages.js'
// The SDK by path: it has this package as a dev dependency, so this package cannot have it as one.
import { isApiError, RateLimitError, ServerError, SessionLibrary } from '../../../../sdk/src/index.js'
import { useSuiteServer } from '../suite-server.js'

const TOKEN = 'dashboard-token'
/** How soon a request must show in the open page's journal. */
const LIVE_WITHIN_MS = 1_000

const server = useSuiteServer({ token: TOKEN, sessions: 6, importDelay: 20 })
let client: SessionLibrary

beforeAll(() => {
  client = new SessionLibrary({ token: TOKEN, baseUrl: server().url, retry: false })
})

describe('the dashboard over HTTP', () => {
  it('D18: the data stays guarded: the event stream and other files under /__mock need the token', async () => {
    for (const path of ['/__mock/events', '/__mock/assets/other.js', '/__mock/journal']) {
      const answer = await fetch(`${server().origin}${path}`)
      expect([path, answer.status]).toEqual([path, 401])
      expect(await answer.json()).toMatchObject({ error: { code: 'unauthorized' } })
    }
  })

  it('D18: the page answers 403 forbidden_host to a foreign Host like everything else', async () => {
    const { request } = await import('node:http')
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const asked = request(`${server().origin}/__mock/`, { headers: { Host: 'evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      asked.on('error', reject).end()
    })
    expect(status).toBe(403)
  })

  it('/docs links the dashboard', async () => {
    expect(await (await fetch(`${server().origin}/docs`)).text()).toContain('href="/__mock/"')
  })
})

describe.skipIf(!hasChromium)(browserSuite('the dashboard in a browser'), () => {
  let browser: Browser
  let page: Page
  const consoleErrors: string[] = []
  const foreignRequests: string[] = []

  const watch = (watched: Page, errors: string[]) => watchPage(watched, server().origin, errors, foreignRequests)
  const connect = (watched: Page, token: string) => connectDashboard(watched, server().origin, token)

  beforeAll(async () => {
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    watch(page, consoleErrors)
  })
  afterAll(() => browser?.close())

  it('D2: a wrong token gets a clear message naming the 401 and what to paste, and no data', async () => {
    const other = await browser.newPage()
    const errors: string[] = []
    watch(other, errors)
    await connect(other, 'not-the-token')
    await expect(other.getByRole('alert').textContent()).resolves.toContain(
      'The mock refused this token (401 unauthorized). Paste the token from its ready line',
    )
    await expect(other.locator('#journal-title').count()).resolves.toBe(0)
    await expect(other.evaluate(() => sessionStorage.length)).resolves.toBe(0)
    // The browser reports the refused stream itself; nothing else went wrong.
    expect(errors.every((text) => text.includes('401'))).toBe(true)
    await other.close()
  })

  it('D17: with the token pasted, a request made by the SDK shows in the journal within a second', async () => {
    await connect(page, TOKEN)
    await page.locator('.badge.open').waitFor()
    await client.sessions.get('ses_missing').catch(() => undefined)
    const row = page.locator('table.journal tbody tr', { hasText: '/api/v1/sessions/ses_missing' })
    await row.first().waitFor({ timeout: LIVE_WITHIN_MS })
    await expect(row.first().textContent()).resolves.toMatch(/GET.*404not_foundsessions\.get/)
    await row.first().click()
    const detail = page.getByRole('region', { name: 'Selected request' })
    await expect(detail.textContent()).resolves.toContain('session not found')
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(1)
    expect(page.url()).not.toContain(TOKEN)
  })

  it("D1: switching the configured mode to read-only on the page makes the SDK's next write fail with read_only", async () => {
    await page.getByLabel('Configured mode').selectOption('read-only')
    await expect.poll(() => page.getByLabel('Effective mode').inputValue()).toBe('read-only')
    const refused = await client.sessions.create({ title: 'Blocked' }).catch((error: unknown) => error)
    expect(isApiError(refused, 'read_only')).toBe(true)
    await page.getByLabel('Configured mode').selectOption('full-automation')
    await expect.poll(() => page.getByLabel('Effective mode').inputValue()).toBe('full-automation')
  })

  it.each([
    [429, 'rate_limited', RateLimitError],
    [503, 'internal_error', ServerError],
  ])(
    'a fault added on the page (%i, Retry-After 2, sessions.list) is what the next call answers',
    async (status, code, type) => {
      const faults = page.getByRole('region', { name: 'Faults' })
      await faults.getByLabel('Status').fill(String(status))
      await faults.getByLabel('Retry-After (s)').fill('2')
      await faults.getByLabel('Operation').selectOption('sessions.list')
      await faults.getByRole('button', { name: 'Add fault' }).click()
      await faults.getByRole('heading', { name: 'Pending (1)' }).waitFor()
      await expect(faults.locator('ul.faults').textContent()).resolves.toContain(`answer ${status}, Retry-After 2 s`)
      const failed = await client.sessions.list().catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(type)
      expect(isApiError(failed) && [failed.status, failed.code, failed.retryAfter]).toEqual([status, code, 2])
      await faults.getByRole('heading', { name: 'Pending (0)' }).waitFor()
      await expect(client.sessions.list()).resolves.toMatchObject({ meta: { total: 6 } })
    },
  )

  it("D15: an import's progress bar reaches 100 %", async () => {
    const items = Array.from({ length: 5 }, (_, index) => ({ projectPath: `/music/dash-${index}.als` }))
    const { importId } = await client.imports.start({ items })
    await page.locator(`progress[data-import="${importId}"]`).waitFor()
    await page.locator(`progress[data-import="${importId}"][value="100"]`).waitFor()
    await expect(page.getByRole('region', { name: 'Imports' }).textContent()).resolves.toContain('5/5 items')
  })

  it('D14: a session found by search shows its waveform with its waveform notes as markers', async () => {
    const session = server()
      .api.snapshot()
      .sessions.find((each) => each.previews.length > 0)
    if (!session) throw new Error('the demo library has no session with a preview')
    await client.waveformNotes.replace(session.id, [
      { timestamp: 1, text: 'intro ends' },
      { timestamp: 2.5, text: 'drop' },
    ])
    const library = await openSessionByTitle(page, session.title)
    const waveform = library.locator('figure.waveform')
    await waveform.locator('path.peaks').waitFor()
    // The notes come with the library, reloaded once the journal shows their write.
    await waveform.locator('g.marker').nth(1).waitFor({ state: 'attached' })
    await expect(waveform.locator('g.marker').count()).resolves.toBe(2)
    await expect(waveform.textContent()).resolves.toContain('drop')
  })

  it('resets from the keyboard, only after the confirmation, and the journal on the page empties', async () => {
    const controls = page.getByRole('region', { name: 'Mode and services' })
    await controls.getByRole('button', { name: 'Reset…' }).focus()
    await page.keyboard.press('Enter')
    expect(server().api.snapshot().sessions.length).toBeGreaterThan(6) // the import's, still there
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, reset')
    await page.keyboard.press('Enter')
    await page.locator('table.journal tbody tr').first().waitFor({ state: 'detached' })
    expect(server().api.snapshot().sessions).toHaveLength(6)
  })

  it('left no console error and sent no request outside its origin', () => {
    expect([consoleErrors, foreignRequests]).toEqual([[], []])
  })
})
