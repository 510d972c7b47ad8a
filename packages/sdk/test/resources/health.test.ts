import { expect, it } from 'vitest'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('health.get: client.health() answers the snapshot', async () => {
    await expect(client().health()).resolves.toMatchObject({
      status: 'ok',
      running: true,
      effectiveMode: 'full-automation',
    })
  })
})
