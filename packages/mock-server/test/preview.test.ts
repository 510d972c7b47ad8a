import { NOT_FOUND_MESSAGES } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError } from './support/harness.js'
import { libraryOf, withPreviews } from './support/library.js'

const _waveform = async (h: { fetch: (p: string) => Promise<Response> }, query = '') =>
  (await expectAnswer(await h.fetch(`/api/v1/sessions/ses_w/waveform${query}`), 'waveform.get')).data

describeTransports('SPEC §4.10 preview', (start) => {
  it('SPEC §4.10: preview answers the preview fields and variants of the session', async () => {
    const h = await start({ library: libraryOf([withPreviews({ id: 'ses_w', preferredPreviewId: 'pv_b' })]) })
    const { data } = await expectAnswer(await h.fetch('/api/v1/sessions/ses_w/preview'), 'preview.get')
    expect(data).toMatchObject({ id: 'ses_w', previewStatus: 'ready', preferredPreviewId: 'pv_b' })
    expect(data.previews.map((p: { id: string }) => p.id)).toEqual(['pv_a', 'pv_b'])
    await expectError(await h.fetch('/api/v1/sessions/none/preview'), 'not_found', NOT_FOUND_MESSAGES.session)
  })
})
