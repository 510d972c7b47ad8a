import { librarySnapshot } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { storedSession } from '../../test/support/library.js'
import { demoLibrary } from './demo-library.js'
import { Library } from './library.js'
import { LIBRARY_PARTS } from './records.js'
import { listSessions } from './sessions.js'

const now = new Date('2026-11-21T10:00:00.000Z')

describe('the store', () => {
  it('D5: the demo library, loaded without a check at start, matches the contract', () => {
    expect(librarySnapshot.safeParse(demoLibrary({ seed: 7, sessions: 300, now })).success).toBe(true)
  })

  it("MOCK.md --data: every part of the contract's library snapshot has a model and a key, so the change log carries it", () => {
    const parts = Object.keys(librarySnapshot.shape).filter((key) => key !== 'version' && key !== 'nextId')
    expect(Object.keys(LIBRARY_PARTS).sort()).toEqual(parts.sort())
  })

  it('MOCK.md --data: every write of a table moves the revision by itself, so no change goes unpersisted', async () => {
    const library = new Library(1)
    library.load({ version: 1, nextId: 5, sessions: [storedSession({ id: 'ses_a' })], lanes: [] })
    const moved = (write: () => unknown) => {
      const before = library.revision
      write()
      return library.revision > before
    }
    expect(moved(() => library.lanes.put({ sessionId: 'ses_a', variantId: 'pv', key: 'k', notes: [] }))).toBe(true)
    expect(moved(() => library.lanes.delete('k'))).toBe(true)
    expect(moved(() => library.newId('imp'))).toBe(true)
    const before = library.revision
    await library.sessions.insert(storedSession({ id: 'ses_b' }))
    expect(library.revision).toBeGreaterThan(before)
    expect(moved(() => library.readSession('ses_b'))).toBe(false)
    expect(() => library.readSession('ses_none')).toThrow(
      expect.objectContaining({ name: 'NotFound', what: 'session' }),
    )
  })

  it('keeps a record held by a reader as it was: an update stores a new record, checked against the model', () => {
    const library = new Library(1)
    library.load({ version: 1, nextId: 5, sessions: [storedSession({ id: 'ses_a', title: 'Before' })], lanes: [] })
    const held = library.readSession('ses_a')
    library.updateSession('ses_a', (draft) => {
      draft.title = 'After'
    })
    expect(held.title).toBe('Before')
    expect(library.readSession('ses_a').title).toBe('After')
    expect(() =>
      library.updateSession('ses_a', (draft) => {
        draft.kind = ''
      }),
    ).toThrow('kind')
    expect(library.readSession('ses_a').kind).toBe('other')
  })

  it('D14, D15: deletes through the indexes (lanes of the session, project paths) and keeps the rest in order', async () => {
    const library = new Library(1)
    const sessions = ['a', 'b', 'c', 'd'].map((id) =>
      storedSession({ id: `ses_${id}`, projectPath: `/p/${id}.als`, projectOriginalPath: `/p/${id}.als` }),
    )
    library.load({ version: 1, nextId: 9, sessions, lanes: [] })
    await library.lanes.insert({ sessionId: 'ses_b', variantId: 'pv_1', key: 'ses_b:pv_1', notes: [] })
    library.deleteSession('ses_b')
    library.deleteSession('ses_a')
    expect(library.lanes.size).toBe(0)
    expect(library.knowsProjectPath('/p/b.als')).toBe(false)
    expect(library.knowsProjectPath('/p/c.als')).toBe(true)
    expect(library.sessions.all().map(({ id }) => id)).toEqual(['ses_c', 'ses_d'])
    library.updateSession('ses_d', (draft) => {
      draft.projectPath = '/p/moved.als'
    })
    expect([library.knowsProjectPath('/p/d.als'), library.knowsProjectPath('/p/moved.als')]).toEqual([true, true])
  })

  it('says what each change did, record by record, and the whole library after a load', async () => {
    const library = new Library(1)
    library.load({ version: 1, nextId: 3, sessions: [storedSession({ id: 'ses_a' })], lanes: [] })
    expect(library.drainChange()).toMatchObject({ whole: true, sessions: { put: [{ id: 'ses_a' }], del: [] } })
    await library.sessions.insert(storedSession({ id: 'ses_b' }))
    library.deleteSession('ses_a')
    expect(library.drainChange()).toEqual({
      nextId: 3,
      sessions: { put: [library.readSession('ses_b')], del: ['ses_a'] },
    })
    expect(library.drainChange()).toEqual({ nextId: 3 })
  })

  it('replays changes idempotently: a line applied twice leaves the same library', () => {
    const library = new Library(1)
    library.load({ version: 1, nextId: 3, sessions: [storedSession({ id: 'ses_a' })], lanes: [] })
    const change = { nextId: 6, sessions: { put: [storedSession({ id: 'ses_b' })], del: ['ses_a'] } }
    library.apply(change)
    const once = library.image()
    library.apply(change)
    expect(library.image()).toEqual(once)
    expect(once.nextId).toBe(6)
  })

  it('D10: a kept sort order follows renames and deletes, one at a time and 1,100 unread at once (then sorted afresh)', () => {
    const library = new Library(1)
    library.load(demoLibrary({ seed: 3, sessions: 300, now }))
    const window = { now, days: 30 }
    const titles = (sort: '-title' | 'lastOpened') =>
      listSessions(library.sessions, { sort, limit: 500 }, window).items.map(({ id, title }) => [id, title])
    const expected = (sort: '-title' | 'lastOpened') => {
      const all = library.sessions.all()
      const by =
        sort === '-title' ? (s: (typeof all)[0]) => s.title.toLowerCase() : (s: (typeof all)[0]) => s.lastOpened
      const direction = sort === '-title' ? -1 : 1
      return all
        .sort((a, b) => direction * (by(a) < by(b) ? -1 : by(a) > by(b) ? 1 : 0) || (a.id < b.id ? -1 : 1))
        .map(({ id, title }) => [id, title])
    }
    titles('-title')
    titles('lastOpened')
    const ids = library.sessions.all().map(({ id }) => id)
    for (let step = 0; step < 1100; step++) {
      library.updateSession(ids[(step * 37) % ids.length] as string, (draft) => {
        draft.title = `Renamed ${(step * 7919) % 1000}`
      })
      if (step % 50 === 0) library.deleteSession(ids.pop() as string)
      if (step < 20) expect(titles('-title')).toEqual(expected('-title'))
    }
    expect(titles('-title')).toEqual(expected('-title'))
    expect(titles('lastOpened')).toEqual(expected('lastOpened'))
  })
})
