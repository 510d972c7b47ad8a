import { hash32, pick, seededRandom } from '../runtime/random.js'

/** Buckets of a synthetic waveform and the most a decoded one gets. */
export const WAVEFORM_BUCKETS = 256

/**
 * Audio facts made up from a waveform key (D13): the same key always gives the same duration,
 * sample rate and peaks, each peak in [0, 1].
 *
 * @example
 * ```ts
 * syntheticAudio('ses_1:pv_1').peaks.length // 256
 * ```
 */
export function syntheticAudio(key: string): { duration: number; sampleRate: number; peaks: number[] } {
  const random = seededRandom(hash32(key))
  const duration = Math.round((45 + random() * 240) * 1000) / 1000
  const sampleRate = pick(random, [44_100, 48_000])
  const phrase = 8 + Math.floor(random() * 24)
  const peaks = Array.from({ length: WAVEFORM_BUCKETS }, (_, index) => {
    // A swelling envelope per phrase plus noise looks like music in a waveform view.
    const swell = 0.35 + 0.4 * Math.abs(Math.sin((Math.PI * index) / phrase))
    const value = Math.min(1, Math.max(0, swell + (random() - 0.5) * 0.3))
    return Math.round(value * 10_000) / 10_000
  })
  return { duration, sampleRate, peaks }
}
