import { expect, it } from 'vitest'
import { NotImplementedError } from '../../src/index.js'
import { eachMock, sessionWithPreview } from '../support/mocks.js'

eachMock({}, ({ api, client }) => {
  it('waveform.get: client.waveform(id, { variantId }) answers that variant peaks', async () => {
    const { id, variantId } = await sessionWithPreview(client())
    const { waveform } = await client().waveform(id, { variantId })
    expect(waveform.peaks).toHaveLength(waveform.bucketCount)
    expect(api().journal().at(-1)?.query).toContain(`variantId=${variantId}`)
  })

  it('waveform.get without a service: a NotImplementedError', async () => {
    const { id } = await sessionWithPreview(client())
    api().setServiceAvailable('waveform', false)
    await expect(client().waveform(id)).rejects.toBeInstanceOf(NotImplementedError)
  })
})
