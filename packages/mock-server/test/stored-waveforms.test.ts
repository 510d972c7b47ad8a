import { describe, expect, it } from 'vitest'
import { createMockApi } from '../src/index.js'
import { describeTransports, expectAnswer } from './support/harness.js'
import { libraryOf, withPreviews } from './support/library.js'

const waveform = {
  key: 'real-key-7',
  bucketCount: 3,
  duration: 2.5,
  sampleRate: 44_100,
  audioVersion: 'r1',
  peaks: [0, 0.5, 1],
}
const stored = { sessionId: 'ses_w', variantId: 'pv_b', waveform }
const library = () => ({
  ...libraryOf([withPreviews({ id: 'ses_w', preferredPreviewId: 'pv_a' })]),
  waveforms: [stored],
})

describeTransports('stored waveforms (a cloned library)', (start) => {
  it('D13: answers the stored waveform of a variant as stored, and computes the others', async () => {
    const h = await start({ library: library() })
    const answered = await expectAnswer(await h.fetch('/api/v1/sessions/ses_w/waveform?variantId=pv_b'), 'waveform.get')
    expect(answered.data).toEqual({ sessionId: 'ses_w', variantId: 'pv_b', waveform })
    const computed = await expectAnswer(await h.fetch('/api/v1/sessions/ses_w/waveform'), 'waveform.get')
    expect(computed.data.variantId).toBe('pv_a')
    expect(computed.data.waveform.key).not.toBe(waveform.key)
  })

  it('D14: names the lane by the stored key and limits timestamps by the stored duration', async () => {
    const h = await start({ library: library() })
    const path = '/api/v1/sessions/ses_w/waveform-notes?variantId=pv_b'
    const past = await h.fetch(path, { method: 'PUT', json: { notes: [{ timestamp: 2.6, text: 'late' }] } })
    expect(past.status).toBe(400)
    const lane = await expectAnswer(
      await h.fetch(path, { method: 'PUT', json: { notes: [{ timestamp: 2.5, text: 'end' }] } }),
      'waveformNotes.put',
    )
    expect(lane.data.key).toBe('real-key-7')
  })

  it('keeps stored waveforms in the snapshot, and drops them with their session', async () => {
    const h = await start({ library: library() })
    expect(h.api.snapshot().waveforms).toEqual([stored])
    expect((await h.fetch('/api/v1/sessions/ses_w', { method: 'DELETE' })).status).toBe(200)
    expect(h.api.snapshot().waveforms).toBeUndefined()
  })
})

describe('stored waveforms: the library format', () => {
  it('loads a library written before stored waveforms, and its snapshot stays in that format', async () => {
    const old = libraryOf([withPreviews({ id: 'ses_w' })])
    const api = createMockApi({ library: old })
    await api.idle()
    expect(Object.keys(api.snapshot()).sort()).toEqual(['lanes', 'nextId', 'sessions', 'version'])
  })

  it('D13: refuses a stored waveform whose peaks leave [0, 1]', async () => {
    const bad = { ...library(), waveforms: [{ ...stored, waveform: { ...waveform, peaks: [0, 0.5, 1.5] } }] }
    expect(() => createMockApi({ library: bad })).toThrow(/library\.waveforms\[0\]\.waveform\.peaks\[2\]/)
  })
})
