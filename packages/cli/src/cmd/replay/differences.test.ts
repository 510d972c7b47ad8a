import type { RecordedExchange } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { differences, idsIn, mapIds } from './differences.js'
import { notRepeatable, sessionIdOf } from './recording-file.js'

describe('what a replay compares', () => {
  it('leaves out ids (learning them), timestamps and made paths; reports a renamed field both ways', () => {
    const ids = new Map<string, string>()
    const recorded = { data: { id: 'ses_a', title: 'T', lastOpened: '2026-11-21T10:00:00.000Z', previewUrl: '/a' } }
    const live = { data: { id: 'ses_b', name: 'T', lastOpened: '2027-01-01T00:00:00Z', previewUrl: '/b' } }
    expect(differences(recorded, live, ids)).toEqual([
      { path: 'data.title', recorded: 'T', live: undefined },
      { path: 'data.name', recorded: undefined, live: 'T' },
    ])
    expect([...ids]).toEqual([['ses_a', 'ses_b']])
    expect(mapIds({ ids: ['ses_a', 'x'] }, ids)).toEqual({ ids: ['ses_b', 'x'] })
  })

  it('reports each element past the shorter list; an id of another type is left to the contract’s check', () => {
    expect(differences({ tags: ['a'] }, { tags: ['a', 'b'] }, new Map())).toEqual([
      { path: 'tags[1]', recorded: undefined, live: 'b' },
    ])
    expect(differences({ id: 'ses_a' }, { id: 7 }, new Map())).toEqual([])
    expect(differences({ title: '2026-11-21T10:00' }, { title: 'x' }, new Map())).toHaveLength(1)
  })

  it('names the ids an answer holds, none empty', () => {
    expect(idsIn({ data: { id: 'ses_a', preferredPreviewId: '', importId: 'imp_1', title: 'ses_x' } })).toEqual([
      'ses_a',
      'imp_1',
    ])
  })
})

describe('what a recording cannot send again', () => {
  const exchange = (more: Partial<RecordedExchange>): RecordedExchange => ({
    ...{ seq: 1, method: 'GET', path: '/api/v1/sessions/ses%201', query: '', statusCode: 200 },
    ...{ configuredMode: 'full-automation', effectiveMode: 'full-automation', unavailable: [] },
    ...{ request: { headers: {} }, answer: {} },
    ...more,
  })

  it('D2, D3: a dropped connection, a 401, a cut or non-JSON body, a path outside /api/v1', () => {
    expect(notRepeatable(exchange({}))).toBeUndefined()
    expect(notRepeatable(exchange({ statusCode: 0 }))).toBe('the mock dropped it (a fault)')
    expect(notRepeatable(exchange({ statusCode: 401 }))).toBe('a 401: the recording keeps no token')
    expect(notRepeatable(exchange({ answer: { body: '{', truncated: true } }))).toBe('a body cut or not JSON')
    expect(notRepeatable(exchange({ request: { headers: {}, body: 'not json' } }))).toBe('a body cut or not JSON')
    expect(notRepeatable(exchange({ path: '/__mock/reset' }))).toBe('outside /api/v1')
    expect(sessionIdOf(exchange({}))).toBe('ses 1')
    expect(sessionIdOf(exchange({ path: '/api/v1/sessions/100%25' }))).toBe('100%')
  })
})
