import { acceptsAsIs, writtenSession } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { sessionRecord } from '../../../../../test-support/fixtures/session-record.js'
import { toStoredSession } from './stored-records.js'

describe('clone: a session as a real server answered it, stored as the mock loads it', () => {
  it('D5–D7: fields a write could not leave are trimmed, deduplicated or replaced, and listed', () => {
    const { client: _client, ...answered } = sessionRecord({ id: 'ses_r', title: 'Real', client: '' })
    const raw = {
      ...answered,
      title: ` ${'t'.repeat(300)} `,
      tags: ['drums', 'drums', 'a,b'],
      notes: 'n'.repeat(100_001),
    }
    const { stored, changed } = toStoredSession(raw)
    expect(stored && acceptsAsIs(writtenSession)(stored)).toBe(true)
    expect(stored).toMatchObject({ title: '(untitled)', tags: [], notes: '' })
    expect(changed.map((line) => line.split(':')[0])).toEqual(['ses_r.title', 'ses_r.tags', 'ses_r.notes'])
  })

  it('D6: a tag list a write would shorten is stored as the write stores it', () => {
    const { client: _client, ...answered } = sessionRecord({ id: 'ses_t', title: ' Padded ', client: '' })
    const { stored, changed } = toStoredSession({ ...answered, tags: ['drums', ' drums', 'synth'] })
    expect(stored).toMatchObject({ title: 'Padded', tags: ['drums', 'synth'] })
    expect(stored && acceptsAsIs(writtenSession)(stored)).toBe(true)
    expect(changed).toEqual([])
  })
})
