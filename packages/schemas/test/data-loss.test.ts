import { describe, expect, it } from 'vitest'
import type { OperationName } from '../src/client.js'
import { lossQuestion, mayLoseData, operations, type z } from '../src/index.js'

const read = (tags: string[], notes = 'kept', title = 'Night Drive') => ({
  session: async () => ({ title, tags, notes }),
})
const params = { id: 'ses_1' }
const named = 'session “Night Drive” (ses_1)'

describe('lossQuestion: what a call removes that its request did not name, by effect (D6, D7, D14)', () => {
  it('asks before a delete, tags dropped, notes cleared ("" or null) and a lane replaced, naming the title', async () => {
    expect(await lossQuestion('sessions.delete', { params }, read([]))).toBe(`Delete ${named}?`)
    expect(await lossQuestion('tags.patch', { params, body: { tags: ['a'] } }, read(['a', 'b', 'c']))).toBe(
      `Remove the tags b, c of ${named}?`,
    )
    expect(await lossQuestion('notes.put', { params, body: { notes: null } }, read([]))).toBe(
      `Clear the notes of ${named}?`,
    )
    expect(await lossQuestion('notes.patch', { params, body: { notes: '' } }, read([]))).toBe(
      `Clear the notes of ${named}?`,
    )
    // No operation reads a lane (SPEC §4.12): one note may replace three, so every replacement asks.
    for (const notes of [[], [{ timestamp: 0, text: 'x' }]])
      expect(await lossQuestion('waveformNotes.put', { params, body: { notes } }, read([]))).toBe(
        `Replace the waveform notes (those not in this request are removed) of ${named}?`,
      )
  })

  it('asks whatever operation carries the body: sessions.update that drops tags or clears notes', async () => {
    const update = (body: Record<string, unknown>) => lossQuestion('sessions.update', { params, body }, read(['a']))
    expect(await update({ tags: [] })).toBe(`Remove the tags a of ${named}?`)
    expect(await update({ notes: '' })).toBe(`Clear the notes of ${named}?`)
    expect(await update({ tags: [], notes: '' })).toBe(`Remove the tags a and clear the notes of ${named}?`)
    expect(await update({ title: 'x', tags: ['a', 'b'], notes: 'new' })).toBe(undefined)
  })

  it('does not ask, nor read, when the request names what changes or there is nothing to lose', async () => {
    const unread = { session: async () => expect.fail('read') }
    expect(await lossQuestion('tags.put', { params, body: { tags: ['a', 'b', 'new'] } }, read(['a', 'b']))).toBe(
      undefined,
    )
    expect(await lossQuestion('notes.put', { params, body: { notes: 'text' } }, unread)).toBe(undefined)
    expect(await lossQuestion('sessions.update', { params, body: { title: 'x' } }, unread)).toBe(undefined)
    expect(await lossQuestion('notes.put', { params, body: { notes: '' } }, read([], ''))).toBe(undefined)
    expect(await lossQuestion('sessions.create', { body: { title: 'x', tags: [] } }, unread)).toBe(undefined)
  })

  it('a long or hostile title is cut, not dropped: the question still names the id', async () => {
    const question = await lossQuestion('sessions.delete', { params }, read([], '', 'x'.repeat(200)))
    expect(question).toBe(`Delete session “${'x'.repeat(59)}…” (ses_1)?`)
  })
})

describe('the effects an operation declares follow from its method and body (D6, D7, D14)', () => {
  const shapeOf = (operation: (typeof operations)[number]) =>
    (operation.body as z.ZodMiniObject | undefined)?.def.shape ?? {}

  it('a DELETE of a session, a tags field, a notes text or a notes list of an existing session each declare theirs', () => {
    for (const operation of operations) {
      const ofSession = operation.path.includes('{id}')
      const shape = shapeOf(operation)
      const notes = shape.notes as z.ZodMiniType | undefined
      const expected = [
        ...(operation.method === 'DELETE' ? ['session'] : []),
        ...(ofSession && 'tags' in shape ? ['tags'] : []),
        ...(ofSession && notes && notes._zod.def.type !== 'array' ? ['notes'] : []),
        ...(ofSession && notes?._zod.def.type === 'array' ? ['lane'] : []),
      ]
      expect({ [operation.name]: [...operation.loses].sort() }).toEqual({ [operation.name]: expected.sort() })
    }
  })

  it('mayLoseData: the operations that declare an effect, and no read, create or import', () => {
    const asking = operations.filter((operation) => mayLoseData(operation.name as OperationName))
    expect(asking.map((operation) => operation.name)).toEqual([
      'sessions.update',
      'sessions.delete',
      'tags.put',
      'tags.patch',
      'notes.put',
      'notes.patch',
      'waveformNotes.put',
      'waveformNotes.patch',
    ])
  })
})
