// Bundled for Chromium by ../browser.test.ts: the mock under msw's service worker, the SDK over it.
import { createMockApi } from '@session-library/mock-server'
import { ForbiddenError, isApiError, SessionLibrary } from '@session-library/sdk'
import { setupWorker } from 'msw/browser'

/** What the page found, read by the test from `window.__results`. */
export interface PageResults {
  statuses: string[]
  health?: unknown
  list?: { ids: string[]; meta: unknown }
  created?: unknown
  readOnly?: { name: string; isForbidden: boolean; status: number; code: string; serverMessage: string }
  failure?: string
}

declare global {
  interface Window {
    __results?: PageResults
  }
}

async function run(): Promise<PageResults> {
  const api = createMockApi({ sessions: 5, now: '2026-11-21T10:00:00.000Z' })
  await setupWorker(...api.handlers).start({ onUnhandledFrame: 'error', quiet: true })
  const statuses: string[] = []
  const client = new SessionLibrary({
    token: api.token,
    baseUrl: `${location.origin}/api/v1`,
    hooks: { afterResponse: [(request, response) => statuses.push(`${request.method} ${response.status}`)] },
  })
  const health = await client.health()
  const page = await client.sessions.list({ limit: 2 })
  const created = await client.sessions.create({ title: 'Night Drive', kind: 'ableton' })
  api.setMode('read-only')
  try {
    await client.sessions.delete(created.id)
    return { statuses, failure: 'the delete succeeded in read-only mode' }
  } catch (error) {
    if (!isApiError(error, 'read_only')) throw error
    const { name, status, code, serverMessage } = error
    const readOnly = { name, isForbidden: error instanceof ForbiddenError, status, code, serverMessage }
    return { statuses, health, list: { ids: page.data.map((s) => s.id), meta: page.meta }, created, readOnly }
  }
}

run().then(
  (results) => {
    window.__results = results
  },
  (error: unknown) => {
    window.__results = {
      statuses: [],
      failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }
  },
)
