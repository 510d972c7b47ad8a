import type { Preview, Waveform } from '@session-library/schemas'
import { NotFound } from '../primitives/errors.js'
import { hash32, pick, seededRandom } from '../primitives/random.js'
import { type StoredSession, waveformKey } from '../store/records.js'
import { decodeWavPeaks } from './wav.js'

/** The preview variant a request is about (D12): the one named, else the preferred, else the first, else a 404. */
export function chooseVariant(session: StoredSession, variantId: string | undefined): Preview {
  if (variantId !== undefined) {
    const named = session.previews.find((preview) => preview.id === variantId)
    if (!named) throw new NotFound('variant')
    return named
  }
  const chosen = session.previews.find((preview) => preview.id === session.preferredPreviewId) ?? session.previews[0]
  if (!chosen) throw new NotFound('preview')
  return chosen
}

/** Buckets of a synthetic waveform and the most a decoded one gets. */
const WAVEFORM_BUCKETS = 256

/** Audio facts made up from a waveform key, the same for the same key (D13). */
function syntheticAudio(key: string): { duration: number; sampleRate: number; peaks: number[] } {
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

/** Reads an audio file's bytes by path; `undefined` when there is none. */
export type ReadAudio = (path: string) => Promise<Uint8Array | undefined>

async function readBytes(readAudio: ReadAudio | undefined, path: string): Promise<Uint8Array | undefined> {
  if (!readAudio || path === '') return undefined
  try {
    return await readAudio(path)
  } catch {
    // An unreadable file is no WAV file: D13 falls back to synthetic peaks.
    return undefined
  }
}

/** The waveform of one preview (D13): the stored one, else its WAV file's peaks, else synthetic peaks. */
export async function waveformOf(
  sessionId: string,
  preview: Preview,
  readAudio?: ReadAudio,
  stored?: Waveform,
): Promise<Waveform> {
  if (stored) return stored
  const key = waveformKey(sessionId, preview.id)
  const bytes = await readBytes(readAudio, preview.path)
  const decoded = bytes && decodeWavPeaks(bytes, WAVEFORM_BUCKETS)
  const { duration, sampleRate, peaks } = decoded ?? syntheticAudio(key)
  const audioVersion =
    bytes && decoded
      ? `wav-${hash32(bytes).toString(36)}-${bytes.length.toString(36)}`
      : `syn-${hash32(preview.path).toString(36)}`
  return { key, bucketCount: peaks.length, duration, sampleRate, audioVersion, peaks }
}
