import { describe, expect, it } from 'vitest'
import { deviantSession } from '../../../../../test-support/deviant-server.js'
import { toStoredSession, toStoredWaveform } from './stored-records.js'

describe('clone: records a real server answered, made into ones the mock can store', () => {
  it('D5, D18: keeps what the mock accepts and replaces what it refuses, listing each change', () => {
    const raw = {
      ...deviantSession,
      rating: 5,
      accent: 'red',
      lastOpened: '2026-11-21T10:00:00Z',
      previews: [{ ...deviantSession.previews[0], status: 'rendering' }],
    }
    const { stored, changed } = toStoredSession(raw)
    expect(stored).toMatchObject({ id: 'ses_1', title: 'Night Drive', accent: '', client: '' })
    expect(stored?.lastOpened).toBe('2026-11-21T10:00:00.000Z')
    expect(stored?.previews[0]?.status).toBe('none')
    expect(stored).not.toHaveProperty('rating')
    expect(changed).toEqual([
      'ses_1.previews[0].status: "rendering" → "none"',
      'ses_1.accent: "red" → ""',
      'ses_1.lastOpened: "2026-11-21T10:00:00Z" → "2026-11-21T10:00:00.000Z"',
    ])
  })

  it('stores no session without an id, and no waveform the mock could not answer as it is (D13)', () => {
    expect(toStoredSession({ title: 'x' }).stored).toBeUndefined()
    const waveform = { key: 'k', bucketCount: 2, duration: 1, sampleRate: 48_000, audioVersion: 'v', peaks: [0.5, 1] }
    expect(toStoredWaveform({ sessionId: 's', variantId: 'v', waveform })).toBeDefined()
    expect(
      toStoredWaveform({ sessionId: 's', variantId: 'v', waveform: { ...waveform, peaks: [0.5, 2] } }),
    ).toBeUndefined()
  })
})
