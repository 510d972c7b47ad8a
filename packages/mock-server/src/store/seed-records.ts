import { fieldPath, writtenSession } from '@session-library/schemas'
import { hash32 } from '../runtime/random.js'
import type { LibrarySnapshot, StoredSession } from './records.js'
import { newSessionRecord, type WritableFields } from './session-record.js'

/**
 * A whole stored session, every field filled as the mock fills a created one (D5: the defaults,
 * `projectOriginalPath` from `projectPath`, no previews), from as few fields as you like. The id is
 * `ses_` and a hash of the title unless given (two records with one title need ids of their own);
 * `lastOpened` is now unless given. A field that breaks the contract's write rules (D5–D7: an empty
 * title, a tag with a comma…) is a TypeError naming the record and the field; one a write would
 * normalize is stored as a write stores it (a title trimmed, a repeated tag dropped).
 *
 * @example
 * ```ts
 * import { sessionRecord } from '@session-library/mock-server'
 * const record = sessionRecord({ title: 'Night Drive', tags: ['synthwave'] })
 * record.status // 'idea'
 * ```
 */
export function sessionRecord(fields: Partial<StoredSession> & Pick<WritableFields, 'title'>): StoredSession {
  const {
    id = `ses_${hash32(fields.title).toString(36)}`,
    lastOpened = new Date().toISOString(),
    client,
    ...rest
  } = fields
  // The server-set fields given win over the ones a create would set.
  const checked = writtenSession.safeParse({ ...newSessionRecord(id, lastOpened, rest, client), ...rest })
  if (checked.success) return checked.data
  const named = checked.error.issues.map((issue) => `${fieldPath(issue.path)} (record ${id}): ${issue.message}`)
  throw new TypeError(`invalid session record: ${named.join('; ')}`)
}

/**
 * A library holding these sessions (and lanes), for `createMockApi({ library })`, `api.seed()` or
 * `api.reset({ library })`. Ids of new records start after `nextId` (default 1), skipping the
 * ones the library holds.
 *
 * @example
 * ```ts
 * import { libraryOf, sessionRecord } from '@session-library/mock-server'
 * api.seed(libraryOf([sessionRecord({ title: 'Night Drive' })]))
 * ```
 */
export function libraryOf(
  sessions: readonly StoredSession[],
  rest: Partial<Pick<LibrarySnapshot, 'lanes' | 'nextId' | 'waveforms'>> = {},
): LibrarySnapshot {
  return { version: 1, nextId: 1, lanes: [], ...rest, sessions: [...sessions] }
}
