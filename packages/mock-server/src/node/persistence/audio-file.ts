import { open } from 'node:fs/promises'

/** Largest audio file read for its peaks; a bigger one is treated as unreadable. */
const MAX_AUDIO_BYTES = 256 * 1024 * 1024

/**
 * Reads an audio file for its real waveform peaks (D13): the bytes of a regular file of at most
 * 256 MiB, else `undefined` (missing, a directory, unreadable, too large), so the mock falls back
 * to its deterministic peaks.
 *
 * @example
 * ```ts
 * const bytes = await readAudioFile('/music/preview.wav') // Uint8Array | undefined
 * ```
 */
export async function readAudioFile(path: string): Promise<Uint8Array | undefined> {
  try {
    const file = await open(path, 'r')
    try {
      const stats = await file.stat()
      if (!stats.isFile() || stats.size > MAX_AUDIO_BYTES) return undefined
      return new Uint8Array(await file.readFile())
    } finally {
      await file.close()
    }
  } catch {
    return undefined
  }
}
