import { storedSession as writtenSession } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { type OrderBy, SortedOrder, Table } from '../../src/store/table.js'
import { storedSession } from '../support/library.js'

interface Row {
  id: string
  value: string
}

const idOf = (row: Row) => row.id
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/** D10's rule written plainly: by value in the direction, ties on id ascending. */
const freshSort = (rows: Iterable<Row>, descending: boolean) =>
  [...rows].sort((a, b) => (descending ? -1 : 1) * compareText(a.value, b.value) || compareText(a.id, b.id))

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('a sorted order kept across changes (D10: sorted by a value, ties on id ascending)', () => {
  for (const descending of [false, true]) {
    it(`after creates, replacements and deletes, equals a fresh sort of the records (${descending ? 'descending' : 'ascending'})`, () => {
      const next = random(descending ? 16 : 15)
      const value = () => `v${Math.floor(next() * 20)}`
      const rows = new Map<string, Row>()
      for (let index = 0; index < 200; index++) rows.set(`r${index}`, { id: `r${index}`, value: value() })
      const by: OrderBy<Row> = { value: (row) => row.value, descending }
      const order = new SortedOrder([...rows.values()], idOf, by)
      for (let step = 0; step < 500; step++) {
        const id = `r${Math.floor(next() * 260)}`
        const before = rows.get(id)
        const after = next() < 0.2 ? undefined : { id, value: value() }
        if (after) rows.set(id, after)
        else rows.delete(id)
        expect(order.changed(before, after)).toBe(true)
        if (step % 7 === 0) expect(order.records()).toEqual(freshSort(rows.values(), descending))
      }
      expect(order.records()).toEqual(freshSort(rows.values(), descending))
    })
  }

  it('moves the very record changed and keeps the others by identity', () => {
    const a = { id: 'a', value: 'v1' }
    const b = { id: 'b', value: 'v2' }
    const order = new SortedOrder([b, a], idOf, { value: (row) => row.value, descending: false })
    const moved = { id: 'a', value: 'v3' }
    order.changed(a, moved)
    const records = order.records() ?? []
    expect(records[0]).toBe(b)
    expect(records[1]).toBe(moved)
  })

  it('asks to be dropped once 1,024 changes wait unread, so an order nobody reads does not grow', () => {
    const order = new SortedOrder<Row>([], idOf, { value: (row) => row.value, descending: false })
    for (let index = 0; index < 1024; index++)
      expect(order.changed(undefined, { id: `n${index}`, value: 'v' })).toBe(true)
    expect(order.changed(undefined, { id: 'past', value: 'v' })).toBe(false)
  })

  it('answers undefined (sort afresh) when told to take out a record it does not hold', () => {
    const order = new SortedOrder([{ id: 'a', value: 'v' }], idOf, { value: (row) => row.value, descending: false })
    order.changed({ id: 'a', value: 'v' }, undefined)
    expect(order.records()).toBeUndefined()
  })
})

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

  it('refuses a key held twice in a load at the first lookup, rather than answering either record', () => {
    const table = new Table(writtenSession, (record: { id: string }) => record.id)
    table.load([storedSession({ id: 'ses_a' }), storedSession({ id: 'ses_a', title: 'B' })])
    expect(() => table.peek('ses_a')).toThrow('duplicate key ses_a')
  })
})
