import { describe, expect, it } from 'vitest'
import { encodeWav } from '../../test/support/wav.js'
import { decodeWavPeaks } from '../index.js'

// A ramp whose peak per quarter is known: 0.25, 0.5, 0.75, 1 (negative in the second channel).
const ramp = Array.from({ length: 400 }, (_, i) => (Math.floor(i / 100) + 1) * 0.25)

describe('D13 WAV decoding', () => {
  const cases = [
    { bits: 16, float: false },
    { bits: 24, float: false },
    { bits: 32, float: true },
  ] as const
  for (const { bits, float } of cases) {
    it(`D13: decodes ${bits}-bit ${float ? 'float' : 'PCM'} mono into peaks per bucket`, () => {
      const audio = decodeWavPeaks(encodeWav([ramp], { sampleRate: 8000, bits, float }), 4)
      expect(audio).toMatchObject({ sampleRate: 8000, channels: 1, frames: 400, duration: 0.05 })
      audio?.peaks.forEach((peak, i) => {
        expect(peak).toBeCloseTo((i + 1) * 0.25, 3)
      })
    })

    it(`D13: decodes ${bits}-bit ${float ? 'float' : 'PCM'} stereo taking the larger channel`, () => {
      const quiet = ramp.map(() => 0.1)
      const audio = decodeWavPeaks(encodeWav([quiet, ramp.map((v) => -v)], { sampleRate: 4000, bits, float }), 2)
      expect(audio).toMatchObject({ channels: 2, frames: 400, duration: 0.1 })
      expect(audio?.peaks[0]).toBeCloseTo(0.5, 3)
      expect(audio?.peaks[1]).toBeCloseTo(1, 3)
    })
  }

  it('D13: peaks stay in [0, 1] (float samples past full scale are clipped)', () => {
    const audio = decodeWavPeaks(encodeWav([[2, -3, 0.5]], { sampleRate: 100, bits: 32, float: true }), 3)
    expect(audio?.peaks).toEqual([1, 1, 0.5])
  })

  it('D13: bucketCount is at most the frame count and equals peaks.length', () => {
    const audio = decodeWavPeaks(encodeWav([[0.1, 0.2, 0.3]], { sampleRate: 100, bits: 16 }), 256)
    expect(audio?.peaks).toHaveLength(3)
  })

  it('D13: not a WAV, an unsupported format or no samples gives undefined', () => {
    expect(decodeWavPeaks(new TextEncoder().encode('definitely not audio'))).toBeUndefined()
    expect(decodeWavPeaks(encodeWav([[]], { sampleRate: 100, bits: 16 }))).toBeUndefined()
    const eightBit = encodeWav([[0.5]], { sampleRate: 100, bits: 16 })
    new DataView(eightBit.buffer).setUint16(34, 8, true)
    expect(decodeWavPeaks(eightBit)).toBeUndefined()
  })

  it('D13: a data chunk that claims more bytes than the file holds is read as far as it goes', () => {
    const bytes = encodeWav([ramp], { sampleRate: 8000, bits: 16 })
    new DataView(bytes.buffer).setUint32(40, 0xffffffff, true)
    expect(decodeWavPeaks(bytes, 4)?.frames).toBe(400)
  })
})
