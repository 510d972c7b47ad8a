import type { Preview, Waveform } from '@session-library/schemas'
import { hash32 } from '../runtime/random.js'
import { waveformKey } from '../store/waveform-key.js'
import { syntheticAudio, WAVEFORM_BUCKETS } from './synthetic.js'
import { decodeWavPeaks } from './wav.js'

/**
 * Reads the bytes of an audio file by path; `undefined` when there is none. The Node side passes
 * one (the `readAudio` option); in a browser there is none and every waveform is synthetic.
 *
 * @example
 * ```ts
 * const readAudio: ReadAudio = async (path) => new Uint8Array(await readFile(path))
 * ```
 */
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

/**
 * The waveform of one preview of a session (D13): the one the library stores for it (a cloned
 * library's), else the peaks of the WAV file its path names when `readAudio` can read and decode
 * it, else synthetic peaks that are deterministic for the key.
 *
 * @example
 * ```ts
 * const waveform = await waveformOf('ses_1', preview, readAudio, library.storedWaveform('ses_1', preview.id))
 * ```
 */
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
  if (bytes && decoded) {
    const { duration, sampleRate, peaks } = decoded
    const audioVersion = `wav-${hash32(bytes).toString(36)}-${bytes.length.toString(36)}`
    return { key, bucketCount: peaks.length, duration, sampleRate, audioVersion, peaks }
  }
  const { duration, sampleRate, peaks } = syntheticAudio(key)
  const audioVersion = `syn-${hash32(preview.path).toString(36)}`
  return { key, bucketCount: peaks.length, duration, sampleRate, audioVersion, peaks }
}
