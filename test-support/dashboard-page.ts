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
