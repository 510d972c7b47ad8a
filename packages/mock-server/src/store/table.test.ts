import { storedSession as writtenSession } from '@session-library/schemas'
import { describe, expect, it, vi } from 'vitest'
import { storedSession } from '../../test/support/library.js'
import { seededRandom } from '../primitives/random.js'
import { SELECT_AT_MOST } from './sorted-order.js'
import { SELECT_FROM, Table } from './table.js'

describe('a table loaded whole (its index by key built at the first lookup)', () => {
  const loaded = () => {
    const table = new Table(writtenSession, (record: { id: string }) => record.id)
    const records = ['ses_a', 'ses_b', 'ses_c', 'ses_d'].map((id) => storedSession({ id }))
    table.load(records)
    return { table, records }
  }

  it('lists, counts and finds its records by key as loaded, the very objects', () => {
    const { table, records } = loaded()
    expect(table.size).toBe(4)
    expect(table.all()).toEqual(records)
    expect([...table.values()]).toEqual(records)
    expect(table.peek('ses_c')).toBe(records[2])
    expect(table.has('ses_e')).toBe(false)
    expect(table.all()).toEqual(records)
  })

  it('after a delete, a put and an insert, lists in insertion order and finds each by key', async () => {
    const { table, records } = loaded()
    expect(table.delete('ses_b')).toBe(true)
    const replaced = table.put(storedSession({ id: 'ses_a', title: 'Again' }))
    await table.insert(storedSession({ id: 'ses_e' }))
    expect(table.all().map(({ id }) => id)).toEqual(['ses_a', 'ses_c', 'ses_d', 'ses_e'])
    expect(table.peek('ses_a')).toBe(replaced)
    expect(table.peek('ses_d')).toBe(records[3])
    expect(table.peek('ses_b')).toBeUndefined()
    expect(table.size).toBe(4)
  })

  it('inserts through a collection made at the first insert, and again after each load', async () => {
    const { table } = loaded()
    await table.insert(storedSession({ id: 'ses_e' }))
    await table.insert(storedSession({ id: 'ses_f' }))
    expect(table.all().map(({ id }) => id)).toEqual(['ses_a', 'ses_b', 'ses_c', 'ses_d', 'ses_e', 'ses_f'])
    table.load([storedSession({ id: 'ses_x' })])
    await table.insert(storedSession({ id: 'ses_y' }))
    expect(table.all().map(({ id }) => id)).toEqual(['ses_x', 'ses_y'])
    expect(table.peek('ses_y')?.id).toBe('ses_y')
    expect(table.peek('ses_e')).toBeUndefined()
    expect(table.size).toBe(2)
  })

  it('refuses to insert a record its model refuses, and keeps what it held', async () => {
    const { table } = loaded()
    // @msw/data prints the issues of a refused record.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const refused = table.insert(storedSession({ id: 'ses_e', tags: 'drums' as never }))
    await expect(refused).rejects.toThrow('does not match the schema')
    printed.mockRestore()
    expect(table.size).toBe(4)
    expect(table.has('ses_e')).toBe(false)
  })

  it('refuses a key held twice in a load at the first lookup, rather than answering either record', () => {
    const table = new Table(writtenSession, (record: { id: string }) => record.id)
    table.load([storedSession({ id: 'ses_a' }), storedSession({ id: 'ses_a', title: 'B' })])
    expect(() => table.peek('ses_a')).toThrow('duplicate key ses_a')
  })
})

describe('a page near the top of a large table, selected first and the order sorted after (D10)', () => {
  const by = { value: (record: { title: string }) => record.title.toLowerCase(), descending: false }
  const large = (size: number) => {
    const table = new Table(writtenSession, (record: { id: string }) => record.id)
    const next = seededRandom(size)
    table.load(
      Array.from({ length: size }, (_, index) =>
        storedSession({ id: `ses_${index}`, title: `Title ${Math.floor(next() * 1_000)}` }),
      ),
    )
    return table
  }

  it(`from ${SELECT_FROM.toLocaleString('en')} records: the first page as the sorted order has it, the order sorted in the next task and kept`, () => {
    vi.useFakeTimers()
    try {
      const table = large(SELECT_FROM)
      const value = vi.fn(by.value)
      const counted = { value, descending: false }
      const selected = table.first('title', counted, 50)
      expect(selected?.total).toBe(SELECT_FROM)
      const selecting = value.mock.calls.length
      vi.runAllTimers()
      // The whole order sorted in the task after the answer (a value a record), then read as kept.
      expect(value.mock.calls.length).toBeGreaterThanOrEqual(selecting + SELECT_FROM)
      const sorted = value.mock.calls.length
      const ordered = table.ordered('title', counted)
      expect(value.mock.calls.length).toBe(sorted)
      expect(selected?.first).toEqual(ordered.slice(0, 50))
      expect(selected?.first[0]).toBe(ordered[0])
    } finally {
      vi.useRealTimers()
    }
  })

  it('selects once an order: a second read before that task sorts at once (requests in process may follow without a task between)', () => {
    vi.useFakeTimers()
    try {
      const table = large(SELECT_FROM)
      expect(table.first('title', by, 50)).toBeDefined()
      expect(table.first('title', by, 50)).toBeUndefined()
      expect(table.first('-title', { ...by, descending: true }, 50)).toBeDefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it(`below ${SELECT_FROM.toLocaleString('en')} records, or past ${SELECT_AT_MOST.toLocaleString('en')} first records, sorts at once (undefined)`, () => {
    expect(large(SELECT_FROM - 1).first('title', by, 50)).toBeUndefined()
    const table = large(SELECT_FROM)
    expect(table.first('title', by, SELECT_AT_MOST + 1)).toBeUndefined()
    expect(table.first('title', by, SELECT_AT_MOST)?.first).toHaveLength(SELECT_AT_MOST)
  })
})
