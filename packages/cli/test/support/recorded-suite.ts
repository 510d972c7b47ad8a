import { createMockApi, writeRecording } from '@session-library/mock-server/node'
import { SessionLibrary } from '@session-library/sdk'
import { setupServer } from 'msw/node'

/** The mock a recorded suite runs against; a standalone mock with the same options starts with the same library. */
export const SUITE = { token: 'suite-token', sessions: 3, now: '2026-11-21T10:00:00.000Z' }

/**
 * A vitest suite's requests through msw to `createMockApi`, recorded with `api.record()` and written to
 * `file`: reads of the demo library, a write refused in read-only mode (403), a session created, read,
 * tagged and deleted, a 404, and the list again. msw is
 * closed again before it returns, so that later requests reach real servers.
 */
export async function recordSuite(file: string): Promise<void> {
  const api = createMockApi({ ...SUITE, baseUrl: 'http://suite.test/api/v1' })
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  const recorder = api.record()
  try {
    const client = new SessionLibrary({ token: SUITE.token, baseUrl: api.baseUrl, retry: false })
    await client.health()
    const [first] = (await client.sessions.list({ limit: 2 })).data
    await client.sessions.get(String(first?.id))
    await client.tags.get(String(first?.id))
    api.setMode('read-only')
    await client.notes.set(String(first?.id), 'refused').catch(() => undefined)
    api.setMode('full-automation')
    const created = await client.sessions.create({ title: 'Replayed', tags: ['a'] })
    await client.sessions.get(created.id)
    await client.tags.replace(created.id, ['b'])
    await client.notes.get(created.id)
    await client.sessions.get('ses_missing').catch(() => undefined)
    await client.sessions.delete(created.id)
    await client.sessions.list({ limit: 2 })
  } finally {
    server.close()
    api.dispose()
  }
  await writeRecording(file, recorder.recording())
}
