import { describe, expect, it } from 'vitest'
import { seededRandom } from '../primitives/random.js'
import { firstInOrder, type OrderBy, SortedOrder } from './sorted-order.js'

interface Row {
  id: string
  value: string
}

const idOf = (row: Row) => row.id
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/** D10's rule written plainly: by value in the direction, ties on id ascending. */
const freshSort = (rows: Iterable<Row>, descending: boolean) =>
  [...rows].sort((a, b) => (descending ? -1 : 1) * compareText(a.value, b.value) || compareText(a.id, b.id))

describe('a sorted order kept across changes (D10: sorted by a value, ties on id ascending)', () => {
  for (const descending of [false, true]) {
    it(`after creates, replacements and deletes, equals a fresh sort of the records (${descending ? 'descending' : 'ascending'})`, () => {
      const next = seededRandom(descending ? 16 : 15)
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

describe('the first records in an order, selected without a sort (D10, D11: a filter, a total)', () => {
  for (const descending of [false, true]) {
    it(`equal the first of a fresh sort of the records kept, and count them (${descending ? 'descending' : 'ascending'})`, () => {
      const next = seededRandom(descending ? 18 : 17)
      // Few values: many ties, settled by id.
      const rows = Array.from({ length: 3_000 }, (_, index) => ({
        id: `r${index}`,
        value: `v${Math.floor(next() * 30)}`,
      }))
      const by: OrderBy<Row> = { value: (row) => row.value, descending }
      const keep = (row: Row) => row.id.endsWith('3') || row.value === 'v7'
      const kept = freshSort(rows.filter(keep), descending)
      for (const count of [0, 1, 50, 500, kept.length, kept.length + 10]) {
        expect(firstInOrder(rows, idOf, by, count, keep)).toEqual({ first: kept.slice(0, count), total: kept.length })
      }
      expect(firstInOrder(rows, idOf, by, 50).first).toEqual(freshSort(rows, descending).slice(0, 50))
    })
  }
})
