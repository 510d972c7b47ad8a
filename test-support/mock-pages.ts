import type { Locator, Page } from 'playwright-core'

/**
 * Opens the mock's dashboard at `origin` and connects with `token`, as a person would.
 *
 * @example `await connectDashboard(page, server.origin, token)`
 */
export async function connectDashboard(page: Page, origin: string, token: string): Promise<void> {
  await page.goto(`${origin}/__mock/`)
  await page.getByLabel('Token').fill(token)
  await page.getByRole('button', { name: 'Connect' }).click()
}

/**
 * Finds a session by its title in the dashboard's library and opens it; resolves with the library region.
 *
 * @example `const library = await openSessionByTitle(page, 'Night Drive')`
 */
export async function openSessionByTitle(page: Page, title: string): Promise<Locator> {
  const library = page.getByRole('region', { name: 'Library' })
  await library.getByLabel('Search').fill(title)
  await library
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click()
  return library
}

/**
 * Collects what goes wrong in `page`: console errors and uncaught errors into `errors`, requests
 * that leave `origin` into `foreign`; and gives each wait 10 s.
 *
 * @example `watchPage(page, server.origin, consoleErrors, foreignRequests)`
 */
export function watchPage(page: Page, origin: string, errors: string[], foreign: string[]): void {
  page.setDefaultTimeout(10_000)
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`)) foreign.push(request.url())
  })
}
