import { expect, it } from 'vitest'
import { eachMock, sessionWithPreview } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('waveformNotes.put: replace answers the lane of the variant, sorted by timestamp', async () => {
    const { id, variantId } = await sessionWithPreview(client())
    const { waveform } = await client().waveform(id, { variantId })
    const notes = [
      { timestamp: 2, text: 'later' },
      { timestamp: 0, text: 'start' },
    ]
    const lane = await client().waveformNotes.replace(id, notes, { variantId })
    expect(lane).toMatchObject({ sessionId: id, variantId, key: waveform.key })
    expect(lane.notes.map((note) => note.text)).toEqual(['start', 'later'])
  })
})
