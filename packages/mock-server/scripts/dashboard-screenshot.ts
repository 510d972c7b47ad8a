// Takes the README's screenshot of the dashboard from the real page: a standalone mock with the
// demo library and some traffic, the page in headless Chromium (Debian's), the token pasted, a
// session selected. Run after the build (the page's files come from dist/dashboard/):
//   pnpm --filter @session-library/mock-server build && pnpm tsx packages/mock-server/scripts/dashboard-screenshot.ts
// Options, to look at other cases: --dark, --width <px>, --out <file>.
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { launchChromium } from '../../../test-support/chromium.js'
import { connectDashboard, openSessionByTitle } from '../../../test-support/mock-pages.js'
import { startServer } from '../src/node.js'

const { values } = parseArgs({
  options: {
    dark: { type: 'boolean', default: false },
    width: { type: 'string', default: '1280' },
    out: { type: 'string' },
  },
})
const OUTPUT = values.out ?? fileURLToPath(new URL('../docs/dashboard.png', import.meta.url))
const TOKEN = 'screenshot-token'

const server = await startServer({ port: 0, token: TOKEN, sessions: 24, importDelay: 400 })
const call = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  }).then((answer) => answer.json())

const browser = await launchChromium()
try {
  const [featured] = server.api.snapshot().sessions.filter((session) => session.previews.length > 0)
  if (!featured) throw new Error('the demo library has no session with a preview')
  await call('GET', '/health')
  await call('GET', '/sessions?limit=5&sort=title')
  await call('GET', `/sessions/${featured.id}`)
  await call('PUT', `/sessions/${featured.id}/waveform-notes`, {
    notes: [
      { timestamp: 4, text: 'verse' },
      { timestamp: 11.5, text: 'drop' },
      { timestamp: 19, text: 'outro' },
    ],
  })
  await call('GET', '/sessions/ses_missing')
  await call('POST', '/sessions', { title: '' })
  await call('POST', '/import', { items: [{ projectPath: '/music/night-drive.als' }] })
  await call('POST', '/import', {
    items: Array.from({ length: 12 }, (_, index) => ({ projectPath: `/music/batch/take-${index}.als` })),
  })
  server.api.injectFault({ status: 503, retryAfter: 2, count: 2, operation: 'sessions.list' })
  await call('GET', '/sessions')

  const page = await browser.newPage({
    viewport: { width: Number(values.width), height: 900 },
    colorScheme: values.dark ? 'dark' : 'light',
  })
  await connectDashboard(page, server.origin, TOKEN)
  await page.locator('.badge.open').waitFor()
  await page.locator('table.journal tbody tr', { hasText: '/api/v1/sessions/ses_missing' }).click()
  const library = await openSessionByTitle(page, featured.title)
  await library.locator('figure.waveform g.marker').first().waitFor({ state: 'attached' })
  await page.waitForTimeout(1_500) // the long import part done
  await page.evaluate(() => window.scrollTo(0, 0)) // the sticky header back at the top
  await page.screenshot({ path: OUTPUT, fullPage: true })
  process.stdout.write(`wrote ${OUTPUT}\n`)
} finally {
  await browser.close()
  await server.close()
}
