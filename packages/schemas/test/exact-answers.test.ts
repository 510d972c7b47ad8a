import { describe, expect, it } from 'vitest'
import { endpoints, health, LIMITS, sessionWaveform, waveform, waveformNote, waveformNoteLane } from '../src/index.js'
import { at, healthSample, messageOf, parsed, waveformNoteSample, waveformSample } from './samples.js'

// The exact rules of DECISIONS that an answer must keep beyond its fields' types, each at and past
// its edge; the tolerant twin accepts every value past the edge (DECISIONS preamble).
const entry = { method: 'GET', path: '/api/v1/health', statusCode: 200, at }
const recent = (count: number) => Array.from({ length: count }, () => entry)

describe('exact answers: DECISIONS rules beyond the types', () => {
  it('D13: accept a bucketCount equal to the number of peaks, and reject one more or one fewer', () => {
    expect(parsed(waveform.exact, { ...waveformSample, bucketCount: 4 }).bucketCount).toBe(4)
    for (const bucketCount of [3, 5]) {
      expect(messageOf(waveform.exact, { ...waveformSample, bucketCount })).toBe(
        'bucketCount: must equal the number of peaks',
      )
      expect(parsed(waveform.tolerant, { ...waveformSample, bucketCount }).bucketCount).toBe(bucketCount)
    }
  })

  it('D13: accept an empty waveform with bucketCount 0', () => {
    expect(parsed(waveform.exact, { ...waveformSample, bucketCount: 0, peaks: [] }).peaks).toEqual([])
  })

  it('D13: check bucketCount inside the waveform answer too', () => {
    const answer = { data: { sessionId: 's', variantId: 'v', waveform: { ...waveformSample, bucketCount: 5 } } }
    expect(messageOf(endpoints['waveform.get'].answer.exact, answer)).toBe(
      'data.waveform.bucketCount: must equal the number of peaks',
    )
    expect(messageOf(sessionWaveform.exact, answer.data)).toMatch(/^waveform\.bucketCount: /)
  })

  it('D14: accept note text of 1 and of 2,000 characters', () => {
    for (const text of ['x', 'x'.repeat(LIMITS.noteTextLength)]) {
      expect(parsed(waveformNote.exact, { ...waveformNoteSample, text }).text).toBe(text)
    }
  })

  it('D14: reject note text of 0 and of 2,001 characters, in a lane too', () => {
    expect(messageOf(waveformNote.exact, { ...waveformNoteSample, text: '' })).toBe('text: must be a non-empty string')
    const long = { ...waveformNoteSample, text: 'x'.repeat(LIMITS.noteTextLength + 1) }
    expect(messageOf(waveformNote.exact, long)).toBe('text: must be at most 2000 characters')
    const lane = { sessionId: 's', variantId: 'v', key: 'k', notes: [long] }
    expect(messageOf(waveformNoteLane.exact, lane)).toMatch(/^notes\[0\]\.text: /)
    expect(parsed(waveformNote.tolerant, long).text).toHaveLength(LIMITS.noteTextLength + 1)
  })

  it('D17: accept 50 recentRequests and reject 51', () => {
    expect(parsed(health.exact, { ...healthSample, recentRequests: recent(50) }).recentRequests).toHaveLength(50)
    expect(messageOf(health.exact, { ...healthSample, recentRequests: recent(51) })).toBe(
      'recentRequests: must hold at most 50 requests',
    )
    expect(parsed(health.tolerant, { ...healthSample, recentRequests: recent(51) }).recentRequests).toHaveLength(51)
  })

  it('D17: accept a baseUrl ending in /api/v1 and reject one that does not', () => {
    expect(parsed(health.exact, healthSample).baseUrl).toBe('http://127.0.0.1:4777/api/v1')
    for (const baseUrl of ['http://127.0.0.1:4777', 'http://127.0.0.1:4777/api/v1/', 'http://127.0.0.1:4777/api/v2']) {
      expect(messageOf(health.exact, { ...healthSample, baseUrl })).toBe('baseUrl: must end in /api/v1')
      expect(parsed(health.tolerant, { ...healthSample, baseUrl }).baseUrl).toBe(baseUrl)
    }
  })

  it('D17: reject a status other than ok and running other than true', () => {
    expect(messageOf(health.exact, { ...healthSample, status: 'degraded' })).toMatch(/^status: /)
    expect(messageOf(health.exact, { ...healthSample, running: false })).toMatch(/^running: /)
    expect(parsed(health.tolerant, { ...healthSample, status: 'degraded', running: false }).status).toBe('degraded')
  })
})
