import { LIMITS } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError } from './support/harness.js'
import { libraryOf } from './support/library.js'

const library = () => libraryOf([{ id: 'ses_a', tags: ['old'], notes: 'old notes' }])

describeTransports('D7 notes', (start) => {
  it('SPEC §4.9: GET notes answers {id, notes}', async () => {
    const h = await start({ library: library() })
    const { data } = await expectAnswer(await h.fetch('/api/v1/sessions/ses_a/notes'), 'notes.get')
    expect(data).toEqual({ id: 'ses_a', notes: 'old notes' })
  })

  for (const method of ['PUT', 'PATCH'] as const) {
    const name = method === 'PUT' ? 'notes.put' : 'notes.patch'
    it(`D7: ${method} sets the notes; "" and null clear them`, async () => {
      const h = await start({ library: library() })
      const send = (notes: unknown) => h.fetch('/api/v1/sessions/ses_a/notes', { method, json: { notes } })
      expect((await expectAnswer(await send('new'), name)).data.notes).toBe('new')
      expect((await expectAnswer(await send(''), name)).data.notes).toBe('')
      await send('again')
      expect((await expectAnswer(await send(null), name)).data).toEqual({ id: 'ses_a', notes: '' })
    })
  }

  it('D7: notes of 100,000 characters are accepted, 100,001 are 400', async () => {
    const h = await start({ library: library() })
    const send = (notes: string) => h.fetch('/api/v1/sessions/ses_a/notes', { method: 'PUT', json: { notes } })
    await expectAnswer(await send('n'.repeat(LIMITS.notesLength)), 'notes.put')
    await expectError(
      await send('n'.repeat(LIMITS.notesLength + 1)),
      'invalid_json',
      'notes: must be at most 100000 characters',
    )
  })

  it('D7: a missing notes field or a number is 400; an unknown session 404', async () => {
    const h = await start({ library: library() })
    await expectError(
      await h.fetch('/api/v1/sessions/ses_a/notes', { method: 'PUT', json: {} }),
      'invalid_json',
      'notes: is required',
    )
    await expectError(
      await h.fetch('/api/v1/sessions/ses_a/notes', { method: 'PUT', json: { notes: 1 } }),
      'invalid_json',
    )
    await expectError(await h.fetch('/api/v1/sessions/nope/notes'), 'not_found')
  })
})
