import { NOT_FOUND_MESSAGES } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError } from './support/harness.js'
import { libraryOf, withPreviews } from './support/library.js'
import { encodeWav } from './support/wav.js'

const waveform = async (h: { fetch: (p: string) => Promise<Response> }, query = '') =>
  (await expectAnswer(await h.fetch(`/api/v1/sessions/ses_w/waveform${query}`), 'waveform.get')).data

describeTransports('D12 variant choice', (start) => {
  it('D12: variantId names the preview used', async () => {
    const h = await start({ library: libraryOf([withPreviews({ id: 'ses_w', preferredPreviewId: 'pv_a' })]) })
    expect((await waveform(h, '?variantId=pv_b')).variantId).toBe('pv_b')
  })

  it('D12: a variantId that names no preview is 404 preview variant not found', async () => {
    const h = await start({ library: libraryOf([withPreviews({ id: 'ses_w' })]) })
    const response = await h.fetch('/api/v1/sessions/ses_w/waveform?variantId=pv_zz')
    await expectError(response, 'not_found', NOT_FOUND_MESSAGES.variant, 404)
  })

  it('D12: without variantId the preferred preview, else the first', async () => {
    const h = await start({
      library: libraryOf([withPreviews({ id: 'ses_w', preferredPreviewId: 'pv_b' }), withPreviews({ id: 'ses_x' })]),
    })
    expect((await waveform(h)).variantId).toBe('pv_b')
    const first = await expectAnswer(await h.fetch('/api/v1/sessions/ses_x/waveform'), 'waveform.get')
    expect(first.data.variantId).toBe('pv_a')
  })

  it('D12: a session with no previews is 404 preview not found; an unknown session 404 session not found', async () => {
    const h = await start({ library: libraryOf([{ id: 'ses_w' }]) })
    await expectError(await h.fetch('/api/v1/sessions/ses_w/waveform'), 'not_found', NOT_FOUND_MESSAGES.preview, 404)
    await expectError(await h.fetch('/api/v1/sessions/none/waveform'), 'not_found', NOT_FOUND_MESSAGES.session, 404)
  })
})

describeTransports('D13 waveform', (start) => {
  it('D13: synthetic peaks are in [0, 1], bucketCount = peaks.length, duration > 0, stable per key', async () => {
    const h = await start({ library: libraryOf([withPreviews({ id: 'ses_w' })]) })
    const a = await waveform(h)
    expect(a.sessionId).toBe('ses_w')
    expect(a.waveform.bucketCount).toBe(a.waveform.peaks.length)
    expect(a.waveform.duration).toBeGreaterThan(0)
    expect(a.waveform.sampleRate).toBeGreaterThan(0)
    expect(a.waveform.peaks.every((p: number) => p >= 0 && p <= 1)).toBe(true)
    expect(await waveform(h)).toEqual(a)
    const b = await waveform(h, '?variantId=pv_b')
    expect(b.waveform.key).not.toBe(a.waveform.key)
    expect(b.waveform.peaks).not.toEqual(a.waveform.peaks)
  })

  it('D13: where the preview path names a readable WAV file the peaks are that file’s', async () => {
    const wav = encodeWav([Array.from({ length: 1000 }, (_, i) => (i < 500 ? 0.25 : -0.5))], {
      sampleRate: 1000,
      bits: 16,
    })
    const h = await start({
      library: libraryOf([withPreviews({ id: 'ses_w' })]),
      readAudio: async (path) => (path === '/audio/a.wav' ? wav : undefined),
    })
    const real = (await waveform(h)).waveform
    expect(real).toMatchObject({ duration: 1, sampleRate: 1000, bucketCount: 256 })
    expect(real.peaks[0]).toBeCloseTo(0.25, 3)
    expect(real.peaks[255]).toBeCloseTo(0.5, 3)
    const synthetic = (await waveform(h, '?variantId=pv_b')).waveform
    expect(synthetic.audioVersion).not.toBe(real.audioVersion)
  })

  it('D13: audioVersion changes when the preview audio changes', async () => {
    let level = 0.5
    const h = await start({
      library: libraryOf([withPreviews({ id: 'ses_w' })]),
      readAudio: async () => encodeWav([[level, level]], { sampleRate: 2, bits: 16 }),
    })
    const before = (await waveform(h)).waveform
    level = 0.25
    const after = (await waveform(h)).waveform
    expect(after.key).toBe(before.key)
    expect(after.audioVersion).not.toBe(before.audioVersion)
  })
})
