import { describe, expect, it } from 'vitest'
import { JOURNAL_LIMIT, Journal } from './journal.js'
import { JOURNAL_BODY_LIMIT, JsonValue } from './journal-bodies.js'

const entry = { time: 0, ms: 1, method: 'GET', origin: 'http://127.0.0.1:4777', path: '/api/v1/health', query: '' }

describe('a journal that keeps references and formats them when read', () => {
  it('D17: keeps exactly JOURNAL_LIMIT entries at its edge, and past it drops the oldest, numbers going on', () => {
    const journal = new Journal()
    for (let index = 1; index <= JOURNAL_LIMIT; index++)
      journal.record({ ...entry, query: `n=${index}`, statusCode: 200 })
    expect(journal.entries()).toHaveLength(JOURNAL_LIMIT)
    expect(journal.entries()[0]).toMatchObject({ seq: 1, query: 'n=1' })
    journal.record({ ...entry, query: 'past', statusCode: 404 })
    const kept = journal.entries()
    expect(kept).toHaveLength(JOURNAL_LIMIT)
    expect(kept[0]).toMatchObject({ seq: 2, query: 'n=2' })
    expect(kept.at(-1)).toMatchObject({ seq: JOURNAL_LIMIT + 1, query: 'past' })
    expect(journal.recent()[0]).toMatchObject({ statusCode: 404 })
    expect(journal.answered).toBe(JOURNAL_LIMIT + 1)
    journal.clear()
    journal.record({ ...entry, statusCode: 200 })
    expect(journal.entries()).toMatchObject([{ seq: 1 }])
  })

  it('D2: an answer kept as its value is serialized when read, the token masked, cut at the limit', () => {
    const journal = new Journal((text) => text.replaceAll('secret', '<token>'))
    const short = { data: { title: 'secret' } }
    const long = { data: 'y'.repeat(JOURNAL_BODY_LIMIT) }
    journal.record({ ...entry, statusCode: 200, answer: new JsonValue(short) })
    journal.record({ ...entry, statusCode: 200, answer: new JsonValue(long) })
    const [first, second] = journal.entries()
    expect(first?.answer).toEqual({ body: { data: { title: '<token>' } } })
    expect(second?.answer).toEqual({ body: JSON.stringify(long).slice(0, JOURNAL_BODY_LIMIT), truncated: true })
  })
})
