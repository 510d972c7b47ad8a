import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, type StartServerOptions, startServer } from '@session-library/mock-server/node'
import { type NewSession, type Session, SessionLibrary } from '@session-library/sdk'

/** The token of every test library. @example `headers: { authorization: \`Bearer ${TOKEN}\` }` */
export const TOKEN = 'examples-test-token'
/** The fixed clock of every test library. @example `new Date(NOW)` */
export const NOW = '2026-11-21T10:00:00.000Z'

const DAY_MS = 86_400_000

/**
 * A session to create, and how many days before {@link NOW} it was last opened.
 *
 * @example
 * ```ts
 * const fixture: Fixture = { title: 'Night Drive', kind: 'ableton', daysAgo: 1 }
 * ```
 */
export type Fixture = NewSession & { daysAgo: number }

/**
 * A small library every example test can know by heart: two recent ableton sessions with "night"
 * in the title, an old one, a logic and a reaper session; notes on all but one.
 *
 * @example
 * ```ts
 * const library = await startLibrary(FIXTURES)
 * ```
 */
export const FIXTURES: Fixture[] = [
  { title: 'Night Drive', kind: 'ableton', tags: ['synthwave', 'wip'], notes: 'Bridge needs work.', daysAgo: 1 },
  {
    title: 'Client Jingle',
    kind: 'reaper',
    tags: ['client', 'wip'],
    notes: 'Due Friday.\nKeep it under 30 s.',
    daysAgo: 2,
  },
  { title: 'Neon Nights', kind: 'ableton', tags: ['synthwave'], notes: '', daysAgo: 5 },
  { title: 'Sunday Morning', kind: 'logic', tags: ['acoustic'], notes: 'Record the guitar again.', daysAgo: 10 },
  { title: 'Old Demo', kind: 'ableton', tags: ['synthwave'], notes: 'From the 2019 sketchbook.', daysAgo: 200 },
]

/**
 * A standalone mock on a free port, the SDK client the test itself uses, the environment for the
 * examples, and a temporary folder; `close()` stops and removes them.
 *
 * @example
 * ```ts
 * const { env, client, close } = await startLibrary(FIXTURES)
 * ```
 */
export interface TestLibrary {
  server: RunningServer
  client: SessionLibrary
  env: Record<string, string>
  sessions: Session[]
  folder: string
  close(): Promise<void>
}

/**
 * Starts the mock with the fixtures (each created at its own `lastOpened` by moving the mock's
 * clock) and the clock then fixed at {@link NOW}.
 *
 * @example
 * ```ts
 * const library = await startLibrary(FIXTURES, { importDelay: 50 })
 * afterAll(() => library.close())
 * ```
 */
export async function startLibrary(
  fixtures: readonly Fixture[],
  options: StartServerOptions = {},
): Promise<TestLibrary> {
  const server = await startServer({ port: 0, token: TOKEN, sessions: 0, now: NOW, ...options })
  const client = new SessionLibrary({ token: TOKEN, baseUrl: server.url, retry: false })
  const sessions: Session[] = []
  for (const { daysAgo, ...body } of fixtures) {
    server.api.setNow(new Date(Date.parse(NOW) - daysAgo * DAY_MS))
    sessions.push(await client.sessions.create(body))
  }
  server.api.setNow(NOW)
  const folder = await mkdtemp(join(tmpdir(), 'session-library-examples-'))
  return {
    server,
    client,
    env: { SESSION_LIBRARY_URL: server.url, SESSION_LIBRARY_TOKEN: TOKEN },
    sessions,
    folder,
    async close() {
      await server.close()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
