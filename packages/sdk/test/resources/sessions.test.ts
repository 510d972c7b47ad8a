import { expect, it } from 'vitest'
import { NotFoundError } from '../../src/index.js'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('sessions.list: a page of the typed query with its meta', async () => {
    const page = await client().sessions.list({ limit: 5, sort: 'title' })
    expect(page.data.length).toBeLessThanOrEqual(5)
    expect(page.meta).toMatchObject({ limit: 5, offset: 0, total: 12 })
  })

  it('sessions.create, get, update and delete answer what the contract says', async () => {
    const created = await client().sessions.create({ title: 'SDK Session', tags: ['sdk'], projectPath: '/sdk/a.als' })
    expect(created).toMatchObject({ title: 'SDK Session', tags: ['sdk'], kind: 'other', status: 'idea' })
    await expect(client().sessions.get(created.id)).resolves.toEqual(created)
    const updated = await client().sessions.update(created.id, { status: 'mixing' })
    expect(updated).toMatchObject({ id: created.id, status: 'mixing' })
    await expect(client().sessions.delete(created.id)).resolves.toEqual({ deleted: true, id: created.id })
    await expect(client().sessions.get(created.id)).rejects.toBeInstanceOf(NotFoundError)
  })
})
