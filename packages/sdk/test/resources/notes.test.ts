import { expect, it } from 'vitest'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('notes.put and notes.get: set, get and clear the notes of a session', async () => {
    const { id } = await client().sessions.create({ title: 'Notes' })
    await expect(client().notes.set(id, 'bridge')).resolves.toEqual({ id, notes: 'bridge' })
    await expect(client().notes.get(id)).resolves.toEqual({ id, notes: 'bridge' })
    await expect(client().notes.clear(id)).resolves.toEqual({ id, notes: '' })
    await expect(client().notes.get(id)).resolves.toEqual({ id, notes: '' })
  })
})
