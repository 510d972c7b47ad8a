import { describe, expect, it } from 'vitest'
import { keptJson } from '../../src/http/answer.js'
import { createMockApi } from '../../src/index.js'
import { toSession } from '../../src/store/sessions.js'
import { NOW } from '../support/harness.js'

const records = createMockApi({ sessions: 3, now: NOW }).snapshot().sessions

describe('answers made of each session’s kept JSON', () => {
  it('D9: a page of sessions is byte for byte what JSON.stringify makes of it', () => {
    const page = { data: records.map(toSession), meta: { total: 3, limit: 50, offset: 0 } }
    expect(keptJson(page)).toBe(JSON.stringify(page))
    const one = { data: toSession(records[1] as (typeof records)[number]) }
    expect(keptJson(one)).toBe(JSON.stringify(one))
  })

  it('D11: a session is answered without its search-only client, once per stored record, frozen', () => {
    const record = records[0] as (typeof records)[number]
    const answered = toSession(record)
    expect(answered).not.toHaveProperty('client')
    expect(toSession(record)).toBe(answered)
    expect(Object.isFrozen(answered)).toBe(true)
    expect(toSession({ ...record, title: 'Renamed' }).title).toBe('Renamed')
  })

  it('D4: anything else is left to JSON.stringify: an empty page, other data, other keys, a copy of a session', () => {
    const answered = toSession(records[0] as (typeof records)[number])
    expect(keptJson({ data: [], meta: { total: 0, limit: 50, offset: 0 } })).toBeUndefined()
    expect(keptJson({ data: { deleted: true, id: 'ses_1' } })).toBeUndefined()
    expect(keptJson({ data: [answered, { ...answered }] })).toBeUndefined()
    expect(keptJson({ data: answered, extra: 1 })).toBeUndefined()
    expect(keptJson({ meta: {}, data: answered })).toBeUndefined()
    expect(keptJson([answered])).toBeUndefined()
    expect(keptJson({ data: answered, meta: undefined })).toBeUndefined()
  })
})
