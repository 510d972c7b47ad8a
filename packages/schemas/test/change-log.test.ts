import { describe, expect, it } from 'vitest'
import { CHANGE_LINE_START, changeLogNextId } from '../src/index.js'

const line = (change: object) => `${JSON.stringify(change)}\n`

describe('changeLogNextId: the highest nextId of a change log (D5)', () => {
  it('reads each change and gives the highest, whatever the order of the lines', () => {
    const text =
      line({ nextId: 12, sessions: { put: [], del: ['ses_a'] } }) + line({ nextId: 9 }) + line({ nextId: 15 })
    expect(text.startsWith(CHANGE_LINE_START)).toBe(true)
    expect(changeLogNextId(text)).toBe(15)
  })

  it('gives undefined for an empty log; a title that spells a change is not one', () => {
    expect(changeLogNextId('')).toBeUndefined()
    const title = line({ nextId: 2, sessions: { put: [{ id: 'ses_t', title: '{"nextId":99}' }], del: [] } })
    expect(changeLogNextId(title)).toBe(2)
  })

  it('reads what a start replays: a change after NUL padding, and one joined to a partial change', () => {
    expect(changeLogNextId(`\0\0${line({ nextId: 50 })}${line({ nextId: 4 })}`)).toBe(50)
    expect(changeLogNextId(`{"nextId":6,"sessions":{"pu${line({ nextId: 31 })}`)).toBe(31)
  })
})
