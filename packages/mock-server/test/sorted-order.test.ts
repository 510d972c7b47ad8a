import { describe, expect, it } from 'vitest'
import { SortedOrder } from '../src/store/sorted-order.js'

interface Row {
  id: string
  value: number
}

const byValueThenId = (a: Row, b: Row) => a.value - b.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

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

describe('a sorted order kept across changes (D10: the list sorted by a key, ties on id)', () => {
  it('after creates, replacements and deletes read one at a time, equals a fresh sort of the records', () => {
    const next = random(15)
    const rows = new Map<string, Row>()
    for (let index = 0; index < 200; index++) rows.set(`r${index}`, { id: `r${index}`, value: Math.floor(next() * 20) })
    const order = new SortedOrder(rows.values(), byValueThenId)
    for (let step = 0; step < 500; step++) {
      const id = `r${Math.floor(next() * 260)}`
      const before = rows.get(id)
      const after = next() < 0.2 ? undefined : { id, value: Math.floor(next() * 20) }
      if (after) rows.set(id, after)
      else rows.delete(id)
      expect(order.changed(before, after)).toBe(true)
      if (step % 7 === 0) expect(order.records()).toEqual([...rows.values()].sort(byValueThenId))
    }
    expect(order.records()).toEqual([...rows.values()].sort(byValueThenId))
  })

  it('moves the very record changed, not an equal one, and keeps the others by identity', () => {
    const a = { id: 'a', value: 1 }
    const b = { id: 'b', value: 2 }
    const order = new SortedOrder([b, a], byValueThenId)
    const moved = { id: 'a', value: 3 }
    order.changed(a, moved)
    const records = order.records() ?? []
    expect(records).toEqual([b, moved])
    expect(records[0]).toBe(b)
    expect(records[1]).toBe(moved)
  })

  it('asks to be dropped once 1,024 changes wait unread, so an order nobody reads does not grow', () => {
    const order = new SortedOrder<Row>([], byValueThenId)
    for (let index = 0; index < 1024; index++)
      expect(order.changed(undefined, { id: `n${index}`, value: index })).toBe(true)
    expect(order.changed(undefined, { id: 'past', value: 0 })).toBe(false)
  })

  it('answers undefined (sort afresh) when a record to take out is not where a comparator that is not total says', () => {
    const a = { id: 'a', value: 1 }
    const order = new SortedOrder([a, { id: 'b', value: 1 }], () => 0)
    order.changed({ id: 'a', value: 1 }, undefined)
    expect(order.records()).toBeUndefined()
  })
})
