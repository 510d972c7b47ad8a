import { expect, it } from 'vitest'
import { eachMock, sessionWithPreview } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('preview.get: client.preview(id) answers the session preview metadata', async () => {
    const { id } = await sessionWithPreview(client())
    await expect(client().preview(id)).resolves.toMatchObject({ id })
  })
})
