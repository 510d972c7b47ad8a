import { describe, expect, it } from 'vitest'
import { storedSession } from '../../../test/support/library.js'
import type { LibraryChange } from '../../store/records.js'
import { DurableRecords } from './change-log.js'

const put = (...sessions: ReturnType<typeof storedSession>[]): LibraryChange => ({
  nextId: 9,
  sessions: { put: sessions, del: [] },
})

describe('D19: the durable records a change that failed is undone to', () => {
  // 1,024 durable changes are kept as they are before the records' map is built: at and past it.
  for (const commits of [1_024, 1_025]) {
    it(`after ${commits} durable changes, puts back each record as last made durable and deletes the new ones`, () => {
      const durable = new DurableRecords({
        version: 1,
        nextId: 1,
        sessions: [storedSession({ id: 'ses_a' })],
        lanes: [],
      })
      let latest = storedSession({ id: 'ses_a' })
      for (let change = 1; change < commits - 1; change++) {
        latest = storedSession({ id: 'ses_a', title: `Take ${change}` })
        durable.commit(put(latest))
      }
      durable.commit(put(storedSession({ id: 'ses_b' })))
      durable.commit({ nextId: 9, sessions: { put: [], del: ['ses_b'] } })
      const failed = { ...put(storedSession({ id: 'ses_a', title: 'Lost' }), storedSession({ id: 'ses_c' })) }
      failed.sessions?.del.push('ses_b')
      expect(durable.undoOf(failed)).toEqual({ nextId: 9, sessions: { put: [latest], del: ['ses_c', 'ses_b'] } })
    })
  }

  it('after a whole change (a reset), puts back the whole library it holds', () => {
    const durable = new DurableRecords({ version: 1, nextId: 1, sessions: [storedSession({ id: 'ses_a' })], lanes: [] })
    const reset = storedSession({ id: 'ses_r' })
    durable.commit({ ...put(reset), whole: true, lanes: { put: [], del: [] } })
    expect(durable.undoOf({ ...put(), whole: true })).toEqual({
      nextId: 9,
      whole: true,
      sessions: { put: [reset], del: [] },
      lanes: { put: [], del: [] },
      waveforms: { put: [], del: [] },
    })
  })
})
