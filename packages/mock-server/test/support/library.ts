import { sessionRecord } from '../../../../test-support/fixtures/session-record.js'
import type { LibrarySnapshot, StoredSession } from '../../src/index.js'

let counter = 0

/**
 * A stored session with every field, for libraries built by a test.
 *
 * @example
 * ```ts
 * storedSession({ id: 'ses_a', title: 'Alpha' })
 * ```
 */
export function storedSession(fields: Partial<StoredSession> = {}): StoredSession {
  counter += 1
  return sessionRecord({
    id: `ses_t${counter}`,
    title: `Session ${counter}`,
    kind: 'other',
    lastOpened: '2026-11-20T10:00:00.000Z',
    client: '',
    ...fields,
  })
}

/**
 * A library holding exactly these sessions.
 *
 * @example
 * ```ts
 * await start({ library: libraryOf([{ title: 'A' }]) })
 * ```
 */
export function libraryOf(sessions: Partial<StoredSession>[], nextId = 100): LibrarySnapshot {
  return { version: 1, nextId, sessions: sessions.map(storedSession), lanes: [] }
}

/**
 * A session with previews `pv_a` and `pv_b` (and `preferredPreviewId` as given).
 *
 * @example
 * ```ts
 * libraryOf([withPreviews({ id: 'ses_w' })])
 * ```
 */
export function withPreviews(fields: Partial<StoredSession> = {}): Partial<StoredSession> {
  return {
    previewStatus: 'ready',
    previews: [
      { id: 'pv_a', name: 'Full mix', path: '/audio/a.wav', status: 'ready' },
      { id: 'pv_b', name: 'Instrumental', path: '/audio/b.wav', status: 'ready' },
    ],
    ...fields,
  }
}
